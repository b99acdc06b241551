import Dispatch
import Foundation

/// The files of one build and what they hold.
public struct BuildOutput: Sendable {
    public var manifest: Manifest
    public var report: BuildReport
    /// Artifacts, then manifest.json and report.json.
    public var files: [ArtifactFile]
}

/// `zonectl build` as a library call: load (read + validate) → geometry → styles → artifacts.
public struct BuildPipeline {
    public var config: PipelineConfig
    public var jobs: Int

    public init(config: PipelineConfig, jobs: Int = defaultJobs) {
        self.config = config
        self.jobs = jobs
    }

    /// Where the build stands: findings always; output only when there is no error.
    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic]
        public var output: BuildOutput?
        public var inputFiles: Int
    }

    /// Runs the stages on `paths` (default: the config's zones). Throws only when a file cannot
    /// be read; data problems end as diagnostics with `output == nil`.
    public func run(paths: [String]? = nil, configBytes: [UInt8], revision: String?, previousVersion: String?,
                    now: Date = Date()) throws -> Outcome {
        var seconds: [String: Double] = [:]
        var clock = StageClock()
        let zones = try ZoneLoader.load(paths: paths ?? config.zones, config: config, jobs: jobs)
        clock.lap("load", into: &seconds)
        var diagnostics = zones.diagnostics
        guard !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics, output: nil, inputFiles: zones.files.count) }

        let cities = GeometryStage.run(zones, config: config, jobs: jobs)
        diagnostics += cities.flatMap(\.diagnostics)
        clock.lap("geometry", into: &seconds)
        guard !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics, output: nil, inputFiles: zones.files.count) }

        let styles = StyleExtraction(config: config)
        let table = styles.table(for: zones.features)
        clock.lap("styles", into: &seconds)

        let set = ArtifactSet(config: config)
        let folders = cityFolders(cities.map(\.city))
        let features = zones.features
        let built = parallelMap(count: cities.count, jobs: jobs, makeWorker: { () }) { _, i in
            Result { try set.city(cities[i], folder: folders[cities[i].city] ?? slug(cities[i].city), features: features, styles: styles) }
        }
        let styleArtifact = try set.styleTable(table)
        var files: [ArtifactFile] = []
        var entries: [Manifest.CityEntry] = []
        var rows: [BuildReport.City] = []
        let members = Grouping.group(features, by: config.groupBy)
        for (i, result) in built.enumerated() {
            let city = try result.get()
            files.append(city.file)
            entries.append(city.entry)
            let inputs = members[i].groups.flatMap(\.members)
            rows.append(BuildReport.City(
                id: cities[i].city, inputFeatures: inputs.count,
                inputPolygons: cities[i].groups.reduce(0) { $0 + $1.inputPolygons },
                outputFeatures: city.entry.features,
                verticesIn: inputs.reduce(0) { $0 + (features[$1].geometry?.positionCount ?? 0) },
                verticesOut: city.entry.vertices, bytesAuthored: inputs.reduce(0) { $0 + features[$1].byteCount },
                bytesMinified: city.minified, bytesGzip: city.entry.encodedBytes))
        }
        files.append(styleArtifact.file)
        clock.lap("artifacts", into: &seconds)

        let manifest = Manifest(
            schema: Manifest.currentSchema, version: Manifest.version(at: now, after: previousVersion),
            previous: previousVersion, generatedAt: ISO8601DateFormatter().string(from: now),
            source: .init(revision: revision, configHash: sha256Hex(configBytes)),
            styles: styleArtifact.entry, cities: entries)
        var steps: [String: Double] = [:]
        for c in cities { steps.merge(c.timings, uniquingKeysWith: +) }
        let report = BuildReport(
            cities: rows, total: BuildReport.total(rows),
            contested: cities.flatMap { c in
                c.contested.map { .init(city: c.city, winner: $0.winner.joined(separator: "/"), loser: $0.loser.joined(separator: "/"), squareMetres: $0.squareMetres) }
            },
            stageSeconds: seconds, geometrySteps: steps, warnings: diagnostics.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        files.append(ArtifactFile(path: "manifest.json", bytes: try manifest.jsonBytes()))
        files.append(ArtifactFile(path: "report.json", bytes: [UInt8](try encoder.encode(report)) + [0x0A]))
        return Outcome(diagnostics: diagnostics, output: BuildOutput(manifest: manifest, report: report, files: files),
                       inputFiles: zones.files.count)
    }
}
