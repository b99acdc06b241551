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
    public static func load(paths: [String], config: PipelineConfig, jobs: Int = defaultJobs) throws(SourceError) -> LoadedZones {
        let files = try ZoneFiles.discover(paths)
        let repair = config.repair, interpolation = config.antimeridian.interpolation
        let usedKeys = Set(config.groupBy + config.keep + [config.styles.property] + config.styleKeys)
        // Largest files first, so both workers finish together.
        let sizes = files.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
        let results = parallelMap(count: files.count, jobs: jobs, weights: sizes, makeWorker: { try? GEOSContext() }) { context, i in
            Result { () throws(SourceError) in
                try loadFile(files[i], repair: repair, interpolation: interpolation, keeping: usedKeys, context: context)
            }
        }
        var zones = LoadedZones(files: files, features: [], diagnostics: [], inputBytes: 0)
        for result in results {
            let file = try result.get()
            zones.features.append(contentsOf: file.features)
            zones.diagnostics.append(contentsOf: file.diagnostics)
            zones.inputBytes += file.bytes
        }
        zones.diagnostics += PipelineRules(config: config).check(zones.features)
        let order = Dictionary(files.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        zones.diagnostics = zones.diagnostics.enumerated().sorted { a, b in
            let ka = (order[a.element.location.file] ?? -1, a.element.location.line, a.element.location.column, a.offset)
            let kb = (order[b.element.location.file] ?? -1, b.element.location.line, b.element.location.column, b.offset)
            return ka < kb
        }.map(\.element)
        return zones
    }

    /// One file: read, structure rules, GEOS validity (of the antimeridian-split form).
    static func loadFile(_ path: String, repair: Bool, interpolation: AntimeridianConfig.Interpolation = .greatCircle,
                         keeping usedKeys: Set<String>? = nil, context: GEOSContext?) throws(SourceError)
        -> (features: [Feature], diagnostics: [Diagnostic], bytes: Int) {
        let text = try SourceText(contentsOf: path)
        guard let context else { throw SourceError(path: path, message: "GEOS could not start (GEOS_init_r failed)") }
        let read = GeoJSONReader.read(text)
        var diagnostics = read.diagnostics
        let structure = StructureRules(text: text)
        let validity = GeometryValidityRule(text: text, repair: repair, interpolation: interpolation)
        var features = read.features
        for i in features.indices {
            let (found, sound) = structure.check(features[i])
            diagnostics += found
            if sound, let problem = validity.check(features[i], context: context) {
                diagnostics.append(problem)
                features[i].isValid = false
            }
            // Properties no later stage reads are not kept (a quarter of the memory of a large
            // corpus went to names and ids that never reach an artifact).
            if let usedKeys {
                features[i].properties.members.removeAll { !usedKeys.contains($0.key) }
                if features[i].properties.members.capacity > features[i].properties.members.count + 2 {
                    features[i].properties.members = features[i].properties.members.map { $0 }  // exact size
                }
            }
        }
        return (features, diagnostics, text.bytes.count)
    }
}
