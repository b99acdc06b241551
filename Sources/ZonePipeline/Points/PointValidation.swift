import ZoneFormats
import ZoneSupport

/// `zonectl validate` for point layers: the checks of ``PointReader`` on every layer's files.
public struct PointValidation: Sendable {
    public var diagnostics: [Diagnostic]
    public var files: Int
    public var points: Int

    /// Reads and checks the files of every point layer in `config`.
    public static func check(_ config: PipelineConfig, jobs: Int = defaultJobs) throws -> PointValidation {
        let build = PointBuild(config: config, jobs: jobs)
        let (cities, diagnostics) = try build.read()
        let files = try config.points.reduce(0) { $0 + (try ZoneFiles.discover($1.source)).count }
        let points = cities.reduce(0) { $0 + $1.reduce(0) { $0 + $1.points.count } }
        return PointValidation(diagnostics: diagnostics, files: files, points: points)
    }
}
