import Foundation
import Testing
import ZoneClient

/// A city's artifact as layers for map SDKs: one FeatureCollection per style, in draw order,
/// each feature's bytes as the artifact has them (zonectlTests' ZoneLayersSampleTests checks the
/// sample cities' layers with shapely).
@Suite struct ZoneLayerTests {
    /// parking twice (two features), no-parking, a styleless zone, one with null properties.
    static let artifact = Array(
        (#"{"type":"FeatureCollection","bbox":[0,0,4,2],"features":[ "#
            + #"{"type":"Feature","properties":{"style":"parking","n":1},"geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}},"#
            + #"{"type":"Feature","properties":{"style":"no-parking"},"geometry":{"type":"MultiPolygon","coordinates":[[[[2,0],[3,0],[3,1],[2,0]]]]}},"#
            + #"{"type":"Feature","properties":{"kind":"x"},"geometry":{"type":"MultiPolygon","coordinates":[[[[5,0],[6,0],[6,1],[5,0]]]]}},"#
            + #"{"type":"Feature","properties":null,"geometry":{"type":"MultiPolygon","coordinates":[[[[7,0],[8,0],[8,1],[7,0]]]]}},"#
            + #"{"type":"Feature","properties":{"style":"parking"},"geometry":{"type":"MultiPolygon","coordinates":[[[[0,1],[1,1],[1,2],[0,1]]]]}}"#
            + "\n]}").utf8)

    static let table = try! ZoneStyle.table(
        from: Array(##"{"parking":{"fill":"#1a9641"},"no-parking":{"fill":"#fdae61","fill-opacity":0.5}}"##.utf8))

    @Test func drawOrderIsThePriorityReversedAfterTheUnlistedByNameReversed() {
        #expect(ZoneLayer.drawOrder(["a", "b", "c", "d", "b"], priority: ["c", "a"]) == ["d", "b", "a", "c"])
        #expect(ZoneLayer.drawOrder(["b", "a"], priority: []) == ["b", "a"])
        #expect(ZoneLayer.drawOrder(["x"], priority: ["y", "x", "x"]) == ["x"])
    }

    @Test func aFeatureCollectionPerStyleInDrawOrder() throws {
        let layers = try ZoneLayer.layers(
            city: "paris", artifact: Self.artifact, key: "zones/paris/a.geojson", styles: Self.table,
            priority: ["no-parking"])
        #expect(layers.map(\.style) == ["parking", "no-parking"])
        #expect(layers.allSatisfy { $0.city == "paris" })
        #expect(layers[0].zoneStyle == Self.table["parking"])
        #expect(layers[1].zoneStyle.fillOpacity == 0.5)
        let text = String(decoding: Self.artifact, as: UTF8.self)
        for layer in layers {
            let json = try #require(try JSONSerialization.jsonObject(with: layer.geoJSON) as? [String: Any])
            #expect(json["type"] as? String == "FeatureCollection")
            let features = try #require(json["features"] as? [[String: Any]])
            #expect(features.count == (layer.style == "parking" ? 2 : 1))
            for feature in features {
                #expect((feature["properties"] as? [String: Any])?["style"] as? String == layer.style)
            }
            // The features' bytes are the artifact's: after the collection's head, each one is in it.
            let body = String(decoding: layer.geoJSON, as: UTF8.self).dropFirst(
                #"{"type":"FeatureCollection","features":["#.count
            )
            .dropLast(2)
            let pieces = body.components(separatedBy: "}},{")
            #expect(pieces.count == features.count)
            for piece in pieces {
                let feature = (piece.hasPrefix("{") ? "" : "{") + piece + (piece.hasSuffix("}}") ? "" : "}}")
                #expect(text.contains(feature), "\(feature)")
            }
        }
        // Without a priority: by name, reversed.
        let byName = try ZoneLayer.layers(
            city: "paris", artifact: Self.artifact, key: "k", styles: Self.table, priority: [])
        #expect(byName.map(\.style) == ["parking", "no-parking"])
        let reversed = try ZoneLayer.layers(
            city: "paris", artifact: Self.artifact, key: "k", styles: Self.table, priority: ["parking"])
        #expect(reversed.map(\.style) == ["no-parking", "parking"])
    }

    @Test func aStyleTheTableLacksIsAnError() {
        let error = #expect(throws: ZoneClientError.self) {
            try ZoneLayer.layers(
                city: "paris", artifact: Self.artifact, key: "zones/paris/a.geojson",
                styles: ["parking": ZoneStyle()], priority: [])
        }
        #expect(
            error
                == .badArtifact(key: "zones/paris/a.geojson", reason: #"style "no-parking" is not in the style table"#))
    }

    @Test(arguments: [
        (#"{"type":"Feature","features":[]}"#, "byte 0: not a FeatureCollection"),
        (#"{"type":"FeatureCollection","features":[1]}"#, "byte 40: expected '{'"),
        (#"{"type":"FeatureCollection","features":[]},"#, "byte 42: data after the FeatureCollection"),
    ])
    func contentThatIsNotACollectionIsAnError(_ json: String, _ reason: String) {
        let error = #expect(throws: ZoneClientError.self) {
            try ZoneLayer.layers(city: "c", artifact: Array(json.utf8), key: "k", styles: [:], priority: [])
        }
        #expect(error == .badArtifact(key: "k", reason: reason))
    }

    /// Through a store (here a client cache made by hand): the artifact read and checked, the
    /// manifest's priority, the style table read.
    @Test func fromAStore() throws {
        let directory = try TestCache.directory()
        defer { TestCache.remove(directory) }
        let manifest = try TestCache.write(
            in: directory, cities: [("paris", Self.artifact)],
            table: ##"{"parking":{"fill":"#1a9641"},"no-parking":{"fill":"#fdae61","fill-opacity":0.5}}"##,
            priority: ["parking", "no-parking"])
        let store = DirectoryStore(root: directory.path)
        #expect(try store.styles(of: manifest) == Self.table)
        let layers = try store.zoneLayers(city: "paris", of: store.manifest())
        #expect(layers.map(\.style) == ["no-parking", "parking"])
        #expect(
            layers
                == (try ZoneLayer.layers(
                    city: "paris", artifact: Self.artifact, key: "k", styles: Self.table,
                    priority: ["parking", "no-parking"])))
        #expect(throws: ZoneClientError.unknownCity("rome")) { try store.zoneLayers(city: "rome", of: manifest) }
    }
}
