import Foundation

/// All zone features of a run, with every finding about them.
public struct LoadedZones: Sendable {
    /// The files read, in reading order.
    public var files: [String]
    /// Features of all files, in file order then source order; their properties are limited to
    /// the keys the pipeline reads (`group_by`, `keep`, the style property and style keys).
    public var features: [Feature]
    /// Findings, ordered by file, line and column.
    public var diagnostics: [Diagnostic]
    /// Bytes read.
    public var inputBytes: Int
}

/// Reads and validates zone files: the Source and Validate stages of the pipeline.
public enum ZoneLoader {
    /// Reads every file named by `paths` (directories searched for *.geojson) on `jobs` threads,
    /// checking RFC 7946 structure, GEOS validity, then the pipeline rules across files.
    /// Throws only when a file cannot be read; problems in the data become diagnostics.
    public static func load(paths: [String], config: PipelineConfig, jobs: Int = defaultJobs) throws(SourceError)
        -> LoadedZones
    {
        let files = try ZoneFiles.discover(paths)
        let repair = config.repair
        let interpolation = config.antimeridian.interpolation
        let usedKeys = config.propertiesRead
        // Largest files first, so both workers finish together.
        let sizes = files.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
        let results = parallelMapWithGEOS(count: files.count, jobs: jobs, weights: sizes) { context, i in
            Result { () throws(SourceError) in
                try loadFile(
                    files[i], repair: repair, interpolation: interpolation, keeping: usedKeys, context: context)
            }
        }
        var zones = LoadedZones(files: files, features: [], diagnostics: [], inputBytes: 0)
        for result in results {
            let file = try result.get()
            zones.features.append(contentsOf: file.features)
            zones.diagnostics.append(contentsOf: file.diagnostics)
            zones.inputBytes += file.bytes
        }
        zones.diagnostics = ordered(
            zones.diagnostics + PipelineRules(config: config).check(zones.features), files: files)
        return zones
    }

    /// One file's text, checked as `zonectl validate` checks a file: read, structure rules, GEOS
    /// validity (of the antimeridian-split form), then the pipeline rules; findings ordered by
    /// line and column. Package access: the fuzz harness (Sources/FuzzHarness) calls it, in
    /// release builds where `@testable import` is not available.
    package static func load(_ text: SourceText, config: PipelineConfig, context: GEOSContext) -> LoadedZones {
        let (features, diagnostics) = check(
            text, repair: config.repair, interpolation: config.antimeridian.interpolation,
            keeping: config.propertiesRead, context: context)
        let all = ordered(diagnostics + PipelineRules(config: config).check(features), files: [text.path])
        return LoadedZones(files: [text.path], features: features, diagnostics: all, inputBytes: text.bytes.count)
    }

    /// Findings ordered by file (in reading order), line and column; stable otherwise.
    static func ordered(_ diagnostics: [Diagnostic], files: [String]) -> [Diagnostic] {
        let order = Dictionary(files.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        let keys = diagnostics.enumerated().map { i, d in
            (order[d.location.file] ?? -1, d.location.line, d.location.column, i)
        }
        return keys.sorted { $0 < $1 }.map { diagnostics[$0.3] }
    }

    /// One file: read, structure rules, GEOS validity (of the antimeridian-split form).
    static func loadFile(
        _ path: String, repair: Bool, interpolation: AntimeridianConfig.Interpolation = .greatCircle,
        keeping usedKeys: Set<String>? = nil, context: GEOSContext?
    ) throws(SourceError)
        -> (features: [Feature], diagnostics: [Diagnostic], bytes: Int)
    {
        let text = try SourceText(contentsOf: path)
        guard let context else { throw SourceError(path: path, message: "GEOS could not start (GEOS_init_r failed)") }
        let (features, diagnostics) = check(
            text, repair: repair, interpolation: interpolation, keeping: usedKeys, context: context)
        return (features, diagnostics, text.bytes.count)
    }

    /// Reads and checks one file's text: structure rules, then GEOS validity of sound features.
    /// With `usedKeys`, properties are trimmed to those keys and equal property sets share one
    /// copy (a quarter of the memory of a large corpus went to names and ids that never reach
    /// an artifact, and the same city/style/stroke set repeated on every feature).
    static func check(
        _ text: SourceText, repair: Bool, interpolation: AntimeridianConfig.Interpolation,
        keeping usedKeys: Set<String>?, context: GEOSContext
    ) -> (features: [Feature], diagnostics: [Diagnostic]) {
        let read = GeoJSONReader.read(text)
        var diagnostics = read.diagnostics
        let structure = StructureRules(text: text)
        let validity = GeometryValidityRule(text: text, repair: repair, interpolation: interpolation)
        var features = read.features
        var shared: Set<JSONObject> = []
        for i in features.indices {
            let (found, sound) = structure.check(features[i])
            diagnostics += found
            if sound, let problem = validity.check(features[i], context: context) {
                diagnostics.append(problem)
                features[i].isValid = false
            }
            if let usedKeys {
                var kept = features[i].properties
                kept.members.removeAll { !usedKeys.contains($0.key) }
                // Exact size: the kept properties live as long as the build.
                if kept.members.capacity > kept.members.count + 2 { kept.members = kept.members.map { $0 } }
                features[i].properties = shared.insert(kept).memberAfterInsert
            }
        }
        return (features, diagnostics)
    }
}

extension PipelineConfig {
    /// The feature properties a build reads (`group_by`, `keep`, the style property and style
    /// keys); loading keeps only these.
    var propertiesRead: Set<String> { Set(groupBy + keep + [styles.property] + styleKeys) }
}

extension GeometryStage {
    /// Groups loaded features and runs every city's geometry pipeline on `jobs` threads (the
    /// tests' and zonectl-bench's way in; the build runs cities through ``BuildPipeline``).
    public static func run(_ zones: LoadedZones, config: PipelineConfig, jobs: Int = defaultJobs) -> [CityResult] {
        run(
            cities: Grouping.group(zones.features, by: config.groupBy), features: zones.features, config: config,
            jobs: jobs)
    }
}
