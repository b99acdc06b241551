import Dispatch

/// Cities built together because they share zone files: every file is parsed once for its
/// cities, and a worker holds the coordinates of one unit at a time. With one file per city (or
/// a city split over a few files) a unit is a city or two; one file holding every city makes
/// one unit of the whole build.
struct BuildUnit {
    /// Indices of scanned files, ascending.
    var files: [Int]
    /// Indices of the cities to build, ascending.
    var cities: [Int]

    /// The units of `cities` (indices into `groups`), where `fileOf[g]` is the file of feature g.
    static func units(of cities: [Int], in groups: [CityGroups], fileOf: [Int32], fileCount: Int) -> [BuildUnit] {
        var sets = DisjointSets(count: fileCount)
        var filesOf: [Int: Set<Int>] = [:]
        for c in cities {
            var files = Set<Int>()
            for group in groups[c].groups { for m in group.members { files.insert(Int(fileOf[m])) } }
            if let first = files.first { for f in files { sets.union(first, f) } }
            filesOf[c] = files
        }
        var byRoot: [Int: BuildUnit] = [:]
        for c in cities {
            let files = filesOf[c] ?? []
            guard let first = files.first else { continue }
            let root = sets.find(first)
            var unit = byRoot[root] ?? BuildUnit(files: [], cities: [])
            unit.files += files
            unit.cities.append(c)
            byRoot[root] = unit
        }
        return byRoot.values.map { BuildUnit(files: Set($0.files).sorted(), cities: $0.cities.sorted()) }
            .sorted { $0.cities[0] < $1.cities[0] }
    }
}

/// One city as built: its geometry result (coordinates dropped once written) and its artifact.
struct BuiltCity {
    var index: Int
    var result: CityResult
    var artifact: Result<(file: ArtifactFile, entry: Manifest.CityEntry, minified: Int), any Error>
}

/// Builds units: reads their files again (checking they are the bytes that were scanned), runs
/// the geometry pipeline of each city and writes its artifact, in one worker.
struct UnitBuilder: Sendable {
    let config: PipelineConfig
    /// The scanned files (their features moved to `features`).
    let scans: [ScannedFile]
    let features: [FeatureSummary]
    /// Index of each scanned file's first feature in `features`, then the feature count.
    let featureStart: [Int]
    let groups: [CityGroups]
    let folders: [String: String]

    func build(_ unit: BuildUnit, context: GEOSContext?) throws(SourceError) -> [BuiltCity] {
        var clock = StageClock()
        var timings: [String: Double] = [:]
        var parsed: [Feature] = []
        var localStart: [Int: Int] = [:]
        for f in unit.files {
            let scan = scans[f]
            let text = try SourceText(contentsOf: scan.path)
            guard crc32Checksum(text.bytes) == scan.checksum else {
                throw SourceError(path: scan.path, message: "the file changed while zonectl was building; run the build again")
            }
            var read = GeoJSONReader.read(text).features
            let summaries = features[featureStart[f]..<featureStart[f + 1]]
            guard read.count == summaries.count else {
                throw SourceError(path: scan.path, message: "read \(read.count) features, but checking found \(summaries.count)")
            }
            for (i, summary) in zip(read.indices, summaries) { read[i].isValid = summary.isValid }
            localStart[f] = parsed.count
            parsed += read
        }
        clock.lap("read", into: &timings)

        let set = ArtifactSet(config: config)
        let styles = StyleExtraction(config: config)
        var built: [BuiltCity] = []
        for c in unit.cities {
            var city = groups[c]
            for g in city.groups.indices {
                city.groups[g].members = city.groups[g].members.map { m in
                    let file = fileIndex(of: m)
                    return (localStart[file] ?? 0) + (m - featureStart[file])
                }
            }
            var result = GeometryStage.process(city, features: parsed, config: config, context: context)
            let artifact = Result { try set.city(result, folder: folders[city.city] ?? slug(city.city), features: parsed, styles: styles) }
            // What the build keeps of a written city: its rows, not its coordinates.
            for g in result.groups.indices { result.groups[g].geometry = PolygonalGeometry() }
            built.append(BuiltCity(index: c, result: result, artifact: artifact))
        }
        clock.lap("write", into: &timings)
        // Reading and writing are the unit's; geometry steps are each city's.
        if var first = built.first {
            let write = (timings["write"] ?? 0) - built.reduce(0) { $0 + $1.result.timings.values.reduce(0, +) }
            first.result.timings["read", default: 0] += timings["read"] ?? 0
            first.result.timings["write", default: 0] += max(0, write)
            built[0] = first
        }
        return built
    }

    /// The scanned file holding feature `m`.
    func fileIndex(of m: Int) -> Int {
        var lo = 0, hi = featureStart.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if featureStart[mid] <= m { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
