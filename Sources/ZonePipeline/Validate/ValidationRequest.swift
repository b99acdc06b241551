import ZoneFormats
import ZoneSupport

/// `zonectl validate`'s workflow: the build's own first steps (scan, feature account), so it
/// passes exactly what the build accepts; the point layers too when no paths are given; and,
/// when that is clean and the gap report is on, the gaps between zones, which need the geometry:
/// the build then runs in memory, writing nothing.
public struct ValidationRequest: Sendable {
    public var configFile: ConfigFile
    /// The zone files or folders given; empty: the config's zones and point sources.
    public var paths: [String]
    public var jobs: Int

    public init(configFile: ConfigFile, paths: [String] = [], jobs: Int = defaultJobs) {
        self.configFile = configFile
        self.paths = paths
        self.jobs = jobs
    }

    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        /// Zone and point files read.
        public var files: Int
        /// Zone features and points read.
        public var features: Int
        public var gaps: [GapFinding]
    }

    public func run() throws -> Result {
        let config = configFile.config
        let checked = try BuildPipeline(config: config, jobs: jobs).check(paths: paths.isEmpty ? nil : paths)
        let points = paths.isEmpty ? try PointValidation.check(config, jobs: jobs) : nil
        let diagnostics = checked.diagnostics + (points?.diagnostics ?? [])
        var gaps: [GapFinding] = []
        if !diagnostics.hasErrors && config.gaps.reportM > 0 {
            gaps =
                try BuildRequest(configFile: configFile, zones: paths, jobs: jobs)
                .run(previousVersion: nil, recordRevision: false).output?.report.gaps ?? []
        }
        return Result(
            diagnostics: diagnostics, files: checked.files.count + (points?.files ?? 0),
            features: checked.features.count + (points?.points ?? 0), gaps: gaps)
    }
}
