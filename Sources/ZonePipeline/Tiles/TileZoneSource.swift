import Foundation
import ZoneFormats
import ZoneGeometry
import ZoneSupport
internal import ZoneTiles

/// The `zones` layer's input: every city artifact's zones, read back from its GeoJSON, each with
/// its `city` and `style`.
struct TileZoneSource {
    private(set) var zones: [TileZone] = []

    /// `content(key)`: the stored (gzip'd) bytes of a city artifact. The artifacts are
    /// decompressed and parsed on `jobs` cores; the first unreadable one, in city order, throws.
    init(cities: [Manifest.CityEntry], jobs: Int, content: (String) throws -> [UInt8]) throws {
        let stored = try cities.map { try content($0.key) }
        let read = parallelMap(count: cities.count, jobs: jobs) { i in
            Result { try Self.zones(of: cities[i], stored: stored[i]) }
        }
        for city in read { zones += try city.get() }
    }

    /// One city artifact's zones, from its stored bytes.
    private static func zones(of city: Manifest.CityEntry, stored: [UInt8]) throws -> [TileZone] {
        let raw: [UInt8]
        do { raw = try Gzip.decompress(stored) } catch {
            throw TileStageError.unreadable(key: city.key, reason: "not gzip data")
        }
        let read = GeoJSONReader.read(SourceText(path: city.key, bytes: raw))
        if let problem = read.diagnostics.first {
            throw TileStageError.unreadable(key: city.key, reason: problem.message)
        }
        return try read.features.map { feature in
            guard let geometry = feature.geometry else {
                throw TileStageError.unreadable(key: city.key, reason: "a feature without geometry")
            }
            return TileZone(city: city.id, style: feature.properties["style"]?.stringValue ?? "", geometry: geometry)
        }
    }
}
