import Foundation
import Testing
import ZoneClient

/// The tiles style (`zonectl style --tiles`): one `pmtiles://` vector source on the manifest's
/// archive, the zone layers in the GeoJSON style's colours and draw order, the point layers.
@Suite struct MapLibreStyleTilesTests {
    static let base = URL(string: "https://cdn.example/zones")!

    func builder(_ manifest: ZoneManifest, glyphs: String? = nil, tiles: Bool = true) throws -> MapLibreStyleBuilder {
        try MapLibreStyleBuilder(
            manifest: manifest, styles: MapFixtures.table(), sources: .baseURL(Self.base), glyphs: glyphs, tiles: tiles)
    }

    @Test func oneVectorSourceOnTheArchive() throws {
        let style = try builder(try MapFixtures.manifest(tiles: MapFixtures.tilesJSON)).style()
        #expect(style.sources.isEmpty)
        #expect(
            style.vectorSources.mapValues(\.url) == [
                "zonectl": "pmtiles://https://cdn.example/zones/tiles/\(MapFixtures.a64).pmtiles"
            ])
        #expect(style.layers.allSatisfy { $0.source == "zonectl" })
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(style.jsonBytes())) as? [String: Any])
        let sources = try #require(json["sources"] as? [String: [String: String]])
        #expect(sources["zonectl"]?["type"] == "vector")
        let layers = try #require(json["layers"] as? [[String: Any]])
        #expect(layers.first?["source-layer"] as? String == "zones")
    }

    /// The same styles, colours and order as the GeoJSON style, one fill and line per style.
    @Test func zoneLayersFollowTheGeoJSONStyle() throws {
        let manifest = try MapFixtures.manifest(priority: ["no-parking", "slow"], tiles: MapFixtures.tilesJSON)
        let tiles = try builder(manifest).style().layers.filter { $0.sourceLayer == "zones" }
        let geoJSON = try builder(manifest, tiles: false).style().layers
        var seen = Set<String>()
        let order = geoJSON.compactMap { $0.metadata["zonectl:style"] }.filter { seen.insert($0).inserted }
        #expect(order == ["parking", "slow", "no-parking"])
        #expect(tiles.map(\.id) == order.flatMap { ["zones/\($0)/fill", "zones/\($0)/line"] })
        for layer in tiles {
            let name = try #require(layer.metadata["zonectl:style"])
            let same = try #require(geoJSON.first { $0.metadata["zonectl:style"] == name && $0.type == layer.type })
            #expect(layer.paint == same.paint && layer.filter == same.filter)
        }
    }

    @Test func pointLayersAboveTheZones() throws {
        let manifest = try MapFixtures.manifest(tiles: MapFixtures.tilesJSON)
        let layers = try builder(manifest, glyphs: "https://glyphs.example/{fontstack}/{range}.pbf").style().layers
        #expect(
            layers.suffix(3).map(\.id) == ["points/cars/clusters", "points/cars/points", "points/cars/count"])
        #expect(layers.suffix(3).allSatisfy { $0.sourceLayer == "cars" })
        #expect(!layers.contains { String(describing: $0.filter).contains("\"z\"") })
    }

    @Test func aManifestWithoutTilesIsRefused() throws {
        #expect {
            _ = try builder(try MapFixtures.manifest())
        } throws: { error in
            "\(error)".contains("lists no tile archive")
        }
    }

    @Test func theManifestMemberDecodes() throws {
        let manifest = try MapFixtures.manifest(tiles: MapFixtures.tilesJSON)
        let tiles = try #require(manifest.tiles)
        #expect(tiles.key == "tiles/\(MapFixtures.a64).pmtiles" && tiles.bytes == 1000)
        #expect(tiles.minZoom == 0 && tiles.maxZoom == 14 && tiles.layers == ["zones", "cars"])
        #expect(try MapFixtures.manifest().tiles == nil)
    }
}
