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
    /// be read; data problems end as diagnostics with `output == nil`. With a `cache`, cities
    /// whose inputs did not change reuse their last artifact.
    public func run(paths: [String]? = nil, configBytes: [UInt8], revision: String?, previousVersion: String?,
                    cache: BuildCache? = nil, now: Date = Date(), progress: (String) -> Void = { _ in }) throws -> Outcome {
        var seconds: [String: Double] = [:]
        var clock = StageClock()
        let zones = try ZoneLoader.load(paths: paths ?? config.zones, config: config, jobs: jobs)
        clock.lap("load", into: &seconds)
        progress("read and validated \(zones.files.count) files, \(zones.features.count) features")
        var diagnostics = zones.diagnostics
        guard !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics, output: nil, inputFiles: zones.files.count) }

        let features = zones.features
        let cityGroups = Grouping.group(features, by: config.groupBy)
        let keys = cityGroups.map { city in cache.map { $0.key(for: city, features: features, config: config) } }
        var cached: [Int: (city: CachedCity, artifact: [UInt8])] = [:]
        for (i, key) in keys.enumerated() {
            if let cache, let key, let hit = cache.load(key) { cached[i] = hit }
        }
        let missing = cityGroups.indices.filter { cached[$0] == nil }
        progress("geometry: \(missing.count) cities to build, \(cached.count) unchanged")
        let results = GeometryStage.run(cities: missing.map { cityGroups[$0] }, features: features, config: config, jobs: jobs)
        var fresh: [Int: CityResult] = [:]
        for (i, result) in zip(missing, results) { fresh[i] = result }
        for i in cityGroups.indices {
            diagnostics += fresh[i]?.diagnostics ?? cached[i]?.city.diagnostics.map(\.diagnostic) ?? []
        }
        clock.lap("geometry", into: &seconds)
        guard !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics, output: nil, inputFiles: zones.files.count) }

        progress("writing artifacts")
        let styles = StyleExtraction(config: config)
        let table = styles.table(for: features)
        clock.lap("styles", into: &seconds)

        let set = ArtifactSet(config: config)
        let folders = cityFolders(cityGroups.map(\.city))
        let weights = results.map { $0.groups.reduce(0) { $0 + $1.geometry.positionCount } }
        let built = parallelMap(count: results.count, jobs: jobs, weights: weights, makeWorker: { () }) { _, k in
            Result { try set.city(results[k], folder: folders[results[k].city] ?? slug(results[k].city), features: features, styles: styles) }
        }
        var files: [ArtifactFile] = []
        var entries: [Manifest.CityEntry] = []
        var rows: [BuildReport.City] = []
        var contested: [BuildReport.Contested] = []
        for (i, city) in cityGroups.enumerated() {
            if let hit = cached[i] {
                files.append(ArtifactFile(path: hit.city.artifactPath, bytes: hit.artifact))
                entries.append(hit.city.entry)
                rows.append(hit.city.row)
                contested += hit.city.contested
                continue
            }
            guard let result = fresh[i], let k = missing.firstIndex(of: i) else { continue }
            let artifact = try built[k].get()
            let inputs = city.groups.flatMap(\.members)
            let row = BuildReport.City(
                id: city.city, inputFeatures: inputs.count,
                inputPolygons: result.groups.reduce(0) { $0 + $1.inputPolygons },
                outputFeatures: artifact.entry.features,
                verticesIn: inputs.reduce(0) { $0 + (features[$1].geometry?.positionCount ?? 0) },
                verticesOut: artifact.entry.vertices, bytesAuthored: inputs.reduce(0) { $0 + features[$1].byteCount },
                bytesMinified: artifact.minified, bytesGzip: artifact.entry.encodedBytes,
                verticesBeforeSimplify: result.groups.reduce(0) { $0 + $1.verticesBeforeSimplify },
                maxDeviationM: result.groups.map(\.hausdorffM).max() ?? 0)
            let cityContested = result.contested.map {
                BuildReport.Contested(city: city.city, winner: $0.winner.joined(separator: "/"), loser: $0.loser.joined(separator: "/"), squareMetres: $0.squareMetres)
            }
            files.append(artifact.file)
            entries.append(artifact.entry)
            rows.append(row)
            contested += cityContested
            if let cache, let key = keys[i] {
                cache.store(key, city: CachedCity(entry: artifact.entry, row: row, contested: cityContested,
                                                  diagnostics: result.diagnostics.map(CachedDiagnostic.init),
                                                  artifactPath: artifact.file.path), artifact: artifact.file.bytes)
            }
        }
        cache?.prune(keeping: Set(keys.compactMap { $0 }))
        let styleArtifact = try set.styleTable(table)
        files.append(styleArtifact.file)
        clock.lap("artifacts", into: &seconds)

        let manifest = Manifest(
            schema: Manifest.currentSchema, version: Manifest.version(at: now, after: previousVersion),
            previous: previousVersion, generatedAt: ISO8601DateFormatter().string(from: now),
            source: .init(revision: revision, configHash: sha256Hex(configBytes)),
            styles: styleArtifact.entry, cities: entries)
        var steps: [String: Double] = [:]
        for c in results { steps.merge(c.timings, uniquingKeysWith: +) }
        let report = BuildReport(
            cities: rows, total: BuildReport.total(rows), contested: contested,
            stageSeconds: seconds, geometrySteps: steps, warnings: diagnostics.count, cachedCities: cached.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        files.append(ArtifactFile(path: "manifest.json", bytes: try manifest.jsonBytes()))
        files.append(ArtifactFile(path: "report.json", bytes: [UInt8](try encoder.encode(report)) + [0x0A]))
        return Outcome(diagnostics: diagnostics, output: BuildOutput(manifest: manifest, report: report, files: files),
                       inputFiles: zones.files.count)
    }
}
