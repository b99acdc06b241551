import Foundation
import ZoneFormats
import ZoneGeometry
internal import ZoneTiles

/// The `zones` layer's input: every city artifact's zones, read back from its GeoJSON, each with
/// its `city` and `style`.
struct TileZoneSource {
    private(set) var zones: [TileZone] = []

    /// `content(key)`: the stored (gzip'd) bytes of a city artifact.
    init(cities: [Manifest.CityEntry], content: (String) throws -> [UInt8]) throws {
        for city in cities {
            let raw: [UInt8]
            do { raw = try Gzip.decompress(content(city.key)) } catch let error as TileStageError {
                throw error
            } catch { throw TileStageError.unreadable(key: city.key, reason: "not gzip data") }
            let read = GeoJSONReader.read(SourceText(path: city.key, bytes: raw))
            if let problem = read.diagnostics.first {
                throw TileStageError.unreadable(key: city.key, reason: problem.message)
            }
            for feature in read.features {
                guard let geometry = feature.geometry else {
                    throw TileStageError.unreadable(key: city.key, reason: "a feature without geometry")
                }
                zones.append(
                    TileZone(city: city.id, style: feature.properties["style"]?.stringValue ?? "", geometry: geometry))
            }
        }
    }
}
