import Foundation

/// Cities that share zone files: a unit's files are read once for all its cities, and its
/// features are dropped when its last city is written (``UnitLoads``). With one file per city
/// (or a city split over a few files) a unit is a city or two; one file holding every city
/// makes one unit of the whole build.
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
    var artifact: Result<CityArtifact, any Error>
}

/// A unit's features as read again for its build.
struct LoadedUnit: Sendable {
    var features: [Feature]
    /// Where each file's features start in `features`.
    var localStart: [Int: Int]
    var seconds: Double
}

/// Builds the cities of units: reads a unit's files again (checking they are the bytes that
/// were scanned), runs the geometry pipeline of each city and writes its artifact.
struct UnitBuilder: Sendable {
    let config: PipelineConfig
    /// The scanned files (their features moved to `features`).
    let scans: [ScannedFile]
    let features: [FeatureSummary]
    /// Index of each scanned file's first feature in `features`, then the feature count.
    let featureStart: [Int]
    let groups: [CityGroups]
    let folders: [String: String]
    /// Keep the city's geometry (and its members numbered as in the scan) once written.
    var keepsGeometry = false
    /// The properties a build reads (``PipelineConfig/propertiesRead``, made once: a config
    /// may list 200,000 keys); a unit's features are trimmed to them as they are read again.
    let propertiesRead: Set<String>

    func read(_ unit: BuildUnit) throws(SourceError) -> LoadedUnit {
        var clock = StageClock()
        var loaded = LoadedUnit(features: [], localStart: [:], seconds: 0)
        for f in unit.files {
            let scan = scans[f]
            let text = try SourceText(contentsOf: scan.path)
            guard crc32Checksum(text.bytes) == scan.checksum else {
                throw SourceError(
                    path: scan.path, message: "the file changed while zonectl was building; run the build again")
            }
            // Properties trimmed as read (the summaries' replace them below).
            var read = GeoJSONReader.read(text, keeping: propertiesRead).features
            let summaries = features[featureStart[f]..<featureStart[f + 1]]
            guard read.count == summaries.count else {
                throw SourceError(
                    path: scan.path, message: "read \(read.count) features, but checking found \(summaries.count)")
            }
            // The summaries' properties (trimmed, shared) and validity; ring offsets only
            // served the scan's messages.
            for (i, summary) in zip(read.indices, summaries) {
                read[i].isValid = summary.isValid
                read[i].properties = summary.properties
                read[i].ringOffsets = []
            }
            loaded.localStart[f] = loaded.features.count
            loaded.features += read
        }
        var timings: [String: Double] = [:]
        clock.lap("read", into: &timings)
        loaded.seconds = timings["read"] ?? 0
        return loaded
    }

    /// City `c` of a loaded unit, built and written; its coordinates are dropped once written.
    func build(city c: Int, in unit: LoadedUnit, context: GEOSContext?) -> BuiltCity {
        var clock = StageClock()
        var city = groups[c]
        for g in city.groups.indices {
            city.groups[g].members = city.groups[g].members.map { m in
                let file = fileIndex(of: m)
                return (unit.localStart[file] ?? 0) + (m - featureStart[file])
            }
        }
        var result = GeometryStage.process(city, features: unit.features, config: config, context: context)
        let artifact = Result {
            try ArtifactSet(config: config).city(
                result, folder: folders[city.city] ?? slug(city.city), features: unit.features,
                styles: StyleExtraction(config: config))
        }
        if keepsGeometry {
            let members = Dictionary(groups[c].groups.map { ($0.key, $0.members) }, uniquingKeysWith: { a, _ in a })
            for g in result.groups.indices { result.groups[g].members = members[result.groups[g].key] ?? [] }
        } else {
            for g in result.groups.indices { result.groups[g].geometry = PolygonalGeometry() }
        }
        var total: [String: Double] = [:]
        clock.lap("total", into: &total)
        result.timings["write", default: 0] += max(0, (total["total"] ?? 0) - result.timings.values.reduce(0, +))
        return BuiltCity(index: c, result: result, artifact: artifact)
    }

    /// The scanned file holding feature `m`.
    func fileIndex(of m: Int) -> Int {
        var lo = 0
        var hi = featureStart.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if featureStart[mid] <= m { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// The units being built, shared by the workers: a unit's files are read by the first worker
/// that takes one of its cities (another one waits for them), and its features are dropped when
/// its last city is written. So workers build the cities of one large unit (one file holding
/// every city) together, and hold few units at a time.
final class UnitLoads: @unchecked Sendable {
    private enum State {
        case unread
        case loaded(LoadedUnit)
        case failed(SourceError)
        case released
    }

    private let lock = NSLock()
    private var states: [State]
    private var remaining: [Int]
    /// One per unit, held while it is read.
    private let reading: [NSLock]

    init(_ units: [BuildUnit]) {
        states = units.map { _ in .unread }
        remaining = units.map(\.cities.count)
        reading = units.map { _ in NSLock() }
    }

    /// Unit u's features, read with `read` if no worker has; `firstRead` is true for the
    /// worker that read them.
    func features(of u: Int, read: () throws(SourceError) -> LoadedUnit) throws(SourceError) -> (
        unit: LoadedUnit, firstRead: Bool
    ) {
        reading[u].lock()
        defer { reading[u].unlock() }
        switch withLock({ states[u] }) {
        case .loaded(let unit): return (unit, false)
        case .failed(let error): throw error
        case .unread, .released:
            do {
                let unit = try read()
                withLock { states[u] = .loaded(unit) }
                return (unit, true)
            } catch {
                withLock { states[u] = .failed(error) }
                throw error
            }
        }
    }

    /// One city of unit u is done; after the last, the unit's features go.
    func cityDone(in u: Int) {
        withLock {
            remaining[u] -= 1
            if remaining[u] == 0, case .loaded = states[u] { states[u] = .released }
        }
    }

    private func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
