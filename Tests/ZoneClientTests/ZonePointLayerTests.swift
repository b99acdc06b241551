import Foundation
import Testing

@testable import ZoneClientCore

/// The client's model of the manifest's `points`: every object a point layer entry names is found
/// generically (any JSON object with `key` and `sha256`), so a member the pipeline adds later
/// (here a per-city `index`) is fetched by a sync too, and the cache's manifest keeps the entries.
@Suite struct ZonePointLayerTests {
    static let sha = String(repeating: "a", count: 64)

    /// A manifest with a brotli style table, one city and one point layer whose city lists a band
    /// file, two metatiles and `extra` (members of the city entry).
    static func manifest(extra: String) -> String {
        func file(_ name: String, _ tile: String = "") -> String {
            """
            {"key": "points/cars/rome/\(tile)\(name).geojson.gz", "sha256": "\(name)", "bytes": 9, "encodedBytes": 29,
             "features": 3\(tile.isEmpty ? "" : ", \"z\": 14, \"x\": 1, \"y\": 2")}
            """
        }
        return """
            {"schema": 1, "version": "20261124T010000Z", "previous": null, "generatedAt": "2026-11-24T01:00:00Z",
             "source": {"revision": null, "configHash": "x"},
             "styles": {"key": "styles/s.json.gz", "sha256": "s", "bytes": 2, "encodedBytes": 22,
                        "brotli": {"key": "styles/s.json.br", "encodedSha256": "\(sha)", "encodedBytes": 6}},
             "cities": [{"id": "rome", "key": "zones/rome/r.geojson.gz", "sha256": "r", "bytes": 10,
                         "encodedBytes": 30, "contentType": "application/geo+json", "contentEncoding": "gzip",
                         "bbox": [12, 41, 13, 42], "features": 2, "vertices": 15, "styles": ["parking"]}],
             "points": [{"layer": "cars", "radius": 60, "extent": 512, "minPoints": 2, "maxZoom": 16,
                         "bandMaxZoom": 12, "metatileDelta": 3,
                         "cities": [{"id": "rome", "points": 78, "band": \(file("band")),
                                     "metatiles": [\(file("m1", "11/1/2/")), \(file("m2", "11/1/3/"))]\(extra)}]}]}
            """
    }

    @Test func everyObjectAPointLayerEntryNamesIsAnObjectOfTheManifest() throws {
        let index = #", "index": {"key": "points/cars/rome/i.bin.gz", "sha256": "i", "bytes": 4, "encodedBytes": 24}"#
        let manifest = try ZoneManifest.decode(Array(Self.manifest(extra: index).utf8))
        let layer = try #require(manifest.points?.first)
        #expect(layer.layer == "cars")
        #expect(layer.cities.map(\.id) == ["rome"] && layer.cities.first?.points == 78)
        // Members by name (band, index, metatiles), arrays in order.
        let pointKeys = [
            "points/cars/rome/band.geojson.gz", "points/cars/rome/i.bin.gz",
            "points/cars/rome/11/1/2/m1.geojson.gz", "points/cars/rome/11/1/3/m2.geojson.gz",
        ]
        #expect(layer.objects.map(\.key) == pointKeys)
        #expect(layer.cities.first?.objects == layer.objects)
        #expect(manifest.objects.map(\.key) == ["styles/s.json.gz", "zones/rome/r.geojson.gz"] + pointKeys)
        #expect(layer.objects.allSatisfy { $0.contentEncoding == .gzip && $0.encodedSha256 == nil })

        // Without points, nothing else is named.
        let none = Self.manifest(extra: "").replacingOccurrences(of: #""points": ["#, with: #""other": ["#)
        #expect(try ZoneManifest.decode(Array(none.utf8)).objects.count == 2)
    }

    @Test func theCacheManifestHoldsPointObjectsDecodedAndKeepsTheirOtherMembers() throws {
        // A point object with a brotli member is fetched as its brotli object, like the zones', and
        // held decoded.
        let index = """
            , "index": {"key": "points/cars/rome/i.bin.gz", "sha256": "i", "bytes": 4, "encodedBytes": 24,
                        "brotli": {"key": "points/cars/rome/i.bin.br", "encodedSha256": "\(Self.sha)", "encodedBytes": 7}}
            """
        let bytes = Array(Self.manifest(extra: index).utf8)
        let (cacheBytes, cache, fetch) = try ZoneManifest.decode(bytes).cacheManifest(
            bytes, preferring: ZoneEncoding.preferred)
        #expect(cache.styles.key == "styles/s.json")
        #expect(fetch.first?.key == "styles/s.json.br")
        let held = try #require(cache.points?.first?.objects.first { $0.sha256 == "i" })
        #expect(
            held
                == ZoneArtifact(
                    key: "points/cars/rome/i.bin", sha256: "i", bytes: 4, encodedBytes: 4, contentEncoding: .identity,
                    encodedSha256: "i"))
        #expect(
            fetch.contains(
                ZoneObject(key: "points/cars/rome/i.bin.br", encoding: .br, encodedBytes: 7, encodedSha256: Self.sha)))

        // Every other member of the layer entry is written back unchanged.
        func points(_ bytes: [UInt8]) throws -> JSONValue? {
            guard case .object(let root) = try JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
                return nil
            }
            return root["points"]
        }
        let gzipOnly = Array(Self.manifest(extra: "").utf8)
        let (gzipCacheBytes, _, _) = try ZoneManifest.decode(gzipOnly).cacheManifest(
            gzipOnly, preferring: [.br, .gzip])
        #expect(gzipCacheBytes != gzipOnly)  // the style table is held decoded
        // Each point object is rewritten to its decoded file; every other member stays.
        func withoutObjectMembers(_ value: JSONValue?) -> JSONValue? {
            switch value {
            case .object(let entry)?:
                let dropped = ["key", "encodedBytes", "encodedSha256", "contentEncoding", "brotli", "published"]
                let isObject = entry["sha256"] != nil && entry["key"] != nil
                return .object(
                    entry.filter { !isObject || !dropped.contains($0.key) }.mapValues { withoutObjectMembers($0)! })
            case .array(let items)?: return .array(items.map { withoutObjectMembers($0)! })
            default: return value
            }
        }
        #expect(try points(gzipCacheBytes) != (try points(gzipOnly)))
        #expect(withoutObjectMembers(try points(gzipCacheBytes)) == withoutObjectMembers(try points(gzipOnly)))
        #expect(withoutObjectMembers(try points(cacheBytes)) == withoutObjectMembers(try points(bytes)))
        // Each decoded file names the published object it comes from (`published`), and nothing else
        // names an encoded object.
        func withoutPublished(_ value: JSONValue?) -> JSONValue? {
            switch value {
            case .object(let entry)?:
                return .object(entry.filter { $0.key != "published" }.mapValues { withoutPublished($0)! })
            case .array(let items)?: return .array(items.map { withoutPublished($0)! })
            default: return value
            }
        }
        #expect(withoutPublished(try points(cacheBytes)).map { "\($0)".contains(".geojson.gz") } == false)
        let cached = try #require(try ZoneManifest.decode(cacheBytes).points?.first?.cities.first)
        let band = try #require(cached.band)
        #expect(band.published?.key == band.artifact.key + ".gz" && band.artifact.contentEncoding == .identity)

        // ZonePointLayer encodes the entry as it was read.
        let layer = try #require(try ZoneManifest.decode(gzipOnly).points?.first)
        let again = try JSONDecoder().decode(ZonePointLayer.self, from: JSONEncoder().encode(layer))
        #expect(again == layer)
    }

    @Test func anObjectWithKeyAndSha256ThatIsNotAnArtifactIsRefused() throws {
        let broken = #", "index": {"key": "points/cars/rome/i.bin.gz", "sha256": "i"}"#
        #expect(throws: ZoneClientError.self) { try ZoneManifest.decode(Array(Self.manifest(extra: broken).utf8)) }
    }
}
