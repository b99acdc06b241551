import Foundation
import ZoneFormats
import ZoneGeometry
import ZoneSupport

/// One city as built: its geometry result (coordinates dropped once written) and its artifact.
struct BuiltCity {
    var index: Int
    var result: CityResult
    var artifact: Result<CityArtifact, any Error>
    /// Its gaps as report.json writes them, written on the worker that built it.
    var gapText: BuildReport.GapText?
}

/// A city's features as read again for its build.
struct LoadedCity: Sendable {
    /// The city's features, in file order then source order.
    var features: [Feature]
    /// The city, its groups' members numbered into `features`.
    var city: CityGroups
    var seconds: Double
    /// Bytes read from the files: the features' text and the little between features read
    /// with them.
    var bytesRead: Int
}

/// Builds cities one at a time: reads a city's features again from the byte ranges the scan
/// found them at (``FeatureSummary/offset``), checking each one's CRC-32 against the scan, then
/// runs the geometry pipeline and writes the artifact. A worker holds one city's text and
/// features, never a whole file: one file holding every city builds in the memory of its
/// largest city.
struct CityBuilder: Sendable {
    let config: PipelineConfig
    /// The scanned files' paths, by file index.
    let paths: [String]
    let features: FeatureSummaries
    /// The file of each feature.
    var fileOf: [Int32] { features.fileOf }
    let groups: [CityGroups]
    let folders: [String: String]
    /// Keep the city's geometry (and its members numbered as in the scan) once written.
    var keepsGeometry = false
    /// Cores the workers with no city left lend to those still building (``IdleCores``).
    var cores = IdleCores.none
    /// Where the scan kept the coordinates it parsed: features found there are not parsed again.
    var spill: GeometrySpill? = nil

    /// Features of a file this close are read with one call (fewer calls for a city's run of
    /// features); one call reads at most `spanLimit` bytes, unless one feature is larger.
    static let mergeGap = 16 << 10
    static let spanLimit = 8 << 20

    func read(city c: Int) throws(SourceError) -> LoadedCity {
        var clock = StageClock()
        // Global numbering is file order then source order: ascending members are grouped
        // by file, each file's in offset order.
        let members = Set(groups[c].groups.flatMap(\.members)).sorted()
        var read: [Feature] = []
        read.reserveCapacity(members.count)
        var bytesRead = 0
        var i = 0
        while i < members.count {
            // A run of one file's features, all in the spill or all to parse again.
            let file = fileOf[members[i]]
            let spilled = features[members[i]].spill != nil
            var j = i + 1
            while j < members.count && fileOf[members[j]] == file && (features[members[j]].spill != nil) == spilled {
                j += 1
            }
            if spilled, let spill {
                try readSpilled(members[i..<j], from: spill, path: paths[Int(file)], into: &read, bytesRead: &bytesRead)
            } else {
                try readFeatures(members[i..<j], of: paths[Int(file)], into: &read, bytesRead: &bytesRead)
            }
            i = j
        }
        let local = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1, $0) })
        var city = groups[c]
        for g in city.groups.indices { city.groups[g].members = city.groups[g].members.map { local[$0] ?? 0 } }
        var timings: [String: Double] = [:]
        clock.lap("read", into: &timings)
        return LoadedCity(features: read, city: city, seconds: timings["read"] ?? 0, bytesRead: bytesRead)
    }

    /// City `c`, loaded, built and written; its coordinates are dropped once written.
    func build(city c: Int, in loaded: LoadedCity, context: GEOSContext?) -> BuiltCity {
        var clock = StageClock()
        var result = GeometryStage.process(
            loaded.city, features: loaded.features, config: config, context: context, cores: cores)
        let artifact = Result {
            try ArtifactSet(config: config).city(
                result, folder: folders[loaded.city.city] ?? slug(loaded.city.city), features: loaded.features,
                styles: StyleExtraction(config: config))
        }
        if keepsGeometry {
            let members = Dictionary(groups[c].groups.map { ($0.key, $0.members) }, uniquingKeysWith: { a, _ in a })
            for g in result.groups.indices { result.groups[g].members = members[result.groups[g].key] ?? [] }
        } else {
            for g in result.groups.indices { result.groups[g].geometry = PolygonalGeometry() }
        }
        let gapText = BuildReport.gapText(result.gaps)
        var total: [String: Double] = [:]
        clock.lap("total", into: &total)
        result.timings["write", default: 0] += max(0, (total["total"] ?? 0) - result.timings.values.reduce(0, +))
        return BuiltCity(index: c, result: result, artifact: artifact, gapText: gapText)
    }

    /// Reads `members` (ascending, all of file `path`) in spans of nearby features.
    private func readFeatures(
        _ members: ArraySlice<Int>, of path: String, into out: inout [Feature], bytesRead: inout Int
    ) throws(SourceError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw SourceError(path: path, message: "cannot read file: \(posixReason())") }
        defer { close(fd) }
        var k = members.startIndex
        while k < members.endIndex {
            let start = features[members[k]].offset
            var end = start + features[members[k]].byteCount
            var last = k + 1
            while last < members.endIndex {
                let f = features[members[last]]
                guard f.offset - end <= Self.mergeGap, f.offset + f.byteCount - start <= Self.spanLimit else { break }
                end = f.offset + f.byteCount
                last += 1
            }
            let span = try Self.read(fd, path: path, from: start, count: end - start)
            bytesRead += span.count
            for m in members[k..<last] { out.append(try feature(m, in: span, at: start, path: path)) }
            k = last
        }
    }

    /// Reads `members` (ascending, all of file `path`, all spilled) from the spill, in spans
    /// of nearby features as ``readFeatures(_:of:into:bytesRead:)`` reads text.
    private func readSpilled(
        _ members: ArraySlice<Int>, from spill: GeometrySpill, path: String, into out: inout [Feature],
        bytesRead: inout Int
    ) throws(SourceError) {
        var k = members.startIndex
        while k < members.endIndex {
            guard let first = features[members[k]].spill else { throw Self.lost(path) }
            var end = first.offset + first.count
            var last = k + 1
            while last < members.endIndex, let r = features[members[last]].spill, r.offset >= end,
                r.offset - end <= Self.mergeGap, r.offset + r.count - first.offset <= Self.spanLimit
            {
                end = r.offset + r.count
                last += 1
            }
            guard let span = spill.read(from: first.offset, count: end - first.offset) else { throw Self.lost(path) }
            bytesRead += span.count
            let geometries = span.withUnsafeBytes { buf in
                members[k..<last].map { m -> PolygonalGeometry? in
                    guard let r = features[m].spill else { return nil }
                    let from = r.offset - first.offset
                    return PolygonalGeometry(spill: UnsafeRawBufferPointer(rebasing: buf[from..<(from + r.count)]))
                }
            }
            for (m, geometry) in zip(members[k..<last], geometries) {
                guard let geometry else { throw Self.lost(path) }
                let summary = features[m]
                var f = Feature(
                    id: summary.id, properties: summary.properties, geometry: geometry, location: summary.location,
                    offset: summary.offset, byteCount: summary.byteCount)
                f.isValid = summary.isValid
                out.append(f)
            }
            k = last
        }
    }

    static func lost(_ path: String) -> SourceError {
        SourceError(path: path, message: "the coordinates the scan kept could not be read back; run the build again")
    }

    /// Feature `m` parsed from its bytes in `span` (which starts at file offset `start`).
    private func feature(_ m: Int, in span: [UInt8], at start: Int, path: String) throws(SourceError) -> Feature {
        let summary = features[m]
        return try span.withUnsafeBufferPointer { (buf) throws(SourceError) -> Feature in
            let from = summary.offset - start
            let text = UnsafeBufferPointer(rebasing: buf[from..<(from + summary.byteCount)])
            guard crc32Checksum(text) == summary.checksum else { throw Self.changed(path) }
            var parser = GeoJSONParser(text)
            parser.keeping = []  // the summary's properties are the ones kept
            do throws(ReadError) { try parser.parseFeatureText() } catch { throw Self.changed(path) }
            guard parser.parsed.count == 1, let parsed = parser.parsed.first,
                (parsed.geometry != nil) == summary.hasGeometry
            else { throw Self.changed(path) }
            var f = Feature(
                id: summary.id, properties: summary.properties, geometry: parsed.geometry, location: summary.location,
                offset: summary.offset, byteCount: summary.byteCount)
            f.isValid = summary.isValid
            return f
        }
    }

    /// `count` bytes of the file at `offset`; fewer (the file shrank) is a changed file.
    private static func read(_ fd: Int32, path: String, from offset: Int, count: Int) throws(SourceError) -> [UInt8] {
        guard let bytes = readFully(fd, from: offset, count: count) else { throw changed(path) }
        return bytes
    }

    static func changed(_ path: String) -> SourceError {
        SourceError(path: path, message: "the file changed while zonectl was building; run the build again")
    }
}
