import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

@Suite struct GeoJSONWriterTests {
    /// A polygon with a hole (given as a Polygon, still written as a MultiPolygon), with
    /// properties that need escapes, integers, fractions, an exponent, bool, null and nesting.
    static func holedFeature() throws -> OutputFeature {
        let x0 = 13.1
        let x1 = 13.1 + 0.35  // 13.450000000000001 on a double
        let exterior = [x0, 52.2, x1, 52.2, x1, 52.5, x0, 52.5, x0, 52.2]
        let hole = [13.2, 52.3, 13.2, 52.4, 0.1 + 13.2, 52.4, 0.1 + 13.2, 52.3, 13.2, 52.3]
        let nested = JSONObject([
            ("levels", .array([.number(1), .number(2.5), .string("x")])),
            ("empty", .object(JSONObject())),
            ("list", .array([])),
        ])
        let properties = JSONObject([
            ("name", .string("Zone \"A\"\\north\n\t\u{1}é")),
            ("count", .number(3)),
            ("area", .number(1.5)),
            ("negative", .number(-3)),
            ("big", .number(1e21)),
            ("flag", .bool(true)),
            ("none", .null),
            ("nested", .object(nested)),
        ])
        return try outputFeature(multiPolygon([[exterior, hole]], isMulti: false), properties)
    }

    /// Two parts, negative values and a coordinate one grid cell below zero.
    static func twoPartFeature() throws -> OutputFeature {
        let a = [-1.5, -0.000001, -1, -0.000001, -1, 0.5, -1.5, -0.000001]
        let b = [2.0, 2, 3, 2, 3, 3, 2, 2]
        return try outputFeature(multiPolygon([[a], [b]]), JSONObject([("id", .number(7))]))
    }

    static let expected =
        #"{"type":"FeatureCollection","bbox":[-1.5,-0.000001,13.45,52.5],"features":["#
        + #"{"type":"Feature","bbox":[13.1,52.2,13.45,52.5],"properties":{"name":"Zone \"A\"\\north\n\t\u0001é","#
        + #""count":3,"area":1.5,"negative":-3,"big":1e+21,"flag":true,"none":null,"#
        + #""nested":{"levels":[1,2.5,"x"],"empty":{},"list":[]}},"#
        + #""geometry":{"type":"MultiPolygon","coordinates":[[[[13.1,52.2],[13.45,52.2],[13.45,52.5],[13.1,52.5],[13.1,52.2]],"#
        + #"[[13.2,52.3],[13.2,52.4],[13.3,52.4],[13.3,52.3],[13.2,52.3]]]]}},"#
        + #"{"type":"Feature","bbox":[-1.5,-0.000001,3,3],"properties":{"id":7},"#
        + #""geometry":{"type":"MultiPolygon","coordinates":[[[[-1.5,-0.000001],[-1,-0.000001],[-1,0.5],[-1.5,-0.000001]]],"#
        + #"[[[2,2],[3,2],[3,3],[2,2]]]]}}]}"#

    static func smallCollection() throws -> [UInt8] {
        GeoJSONWriter.featureCollection([try holedFeature(), try twoPartFeature()], precision: 6)
    }

    @Test func exactBytesOfASmallCollection() throws {
        let bytes = try Self.smallCollection()
        #expect(String(decoding: bytes, as: UTF8.self) == Self.expected)
        #expect(bytes == Array(Self.expected.utf8))
    }

    @Test func sameInputSameBytes() throws {
        #expect(try Self.smallCollection() == Self.smallCollection())
    }

    @Test func emptyCollectionHasNoBBox() {
        let bytes = GeoJSONWriter.featureCollection([], precision: 6)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"type":"FeatureCollection","features":[]}"#)
    }

    @Test func emptyGeometryIsAnEmptyMultiPolygon() {
        let feature = OutputFeature(
            properties: JSONObject(), geometry: PolygonalGeometry(),
            bbox: BoundingBox(west: 1, south: 2, east: 3, north: 4))
        let text = String(decoding: GeoJSONWriter.featureCollection([feature], precision: 3), as: UTF8.self)
        #expect(
            text == #"{"type":"FeatureCollection","bbox":[1,2,3,4],"features":[{"type":"Feature","bbox":[1,2,3,4],"#
                + #""properties":{},"geometry":{"type":"MultiPolygon","coordinates":[]}}]}"#)
    }

    /// The collection box takes each side from whichever feature reaches furthest, and its
    /// values are printed on the grid like coordinates.
    @Test func collectionBBoxIsTheUnionOnTheGrid() {
        let g = PolygonalGeometry()
        let boxes = [
            BoundingBox(west: 5, south: -10.00000001, east: 6, north: 7),
            BoundingBox(west: -170.25, south: 0, east: 0.1 + 0.2, north: 80),
            BoundingBox(west: 1, south: 1, east: 179.9999999, north: 2),
        ]
        let features = boxes.map { OutputFeature(properties: JSONObject(), geometry: g, bbox: $0) }
        let text = String(decoding: GeoJSONWriter.featureCollection(features, precision: 6), as: UTF8.self)
        #expect(text.hasPrefix(#"{"type":"FeatureCollection","bbox":[-170.25,-10,180,80],"features":["#))
        #expect(text.contains(#""bbox":[-170.25,0,0.3,80]"#))
    }

    /// Features on both sides of the antimeridian: the collection box runs through 180 when
    /// that is shorter (RFC 7946 §5.2), and a feature box that does is kept as it is.
    @Test func collectionBBoxRunsThroughTheAntimeridian() {
        let g = PolygonalGeometry()
        let boxes = [
            BoundingBox(west: 172.5, south: 51, east: 179.5, north: 53),
            BoundingBox(west: 178, south: 60, east: -170, north: 70),
            BoundingBox(west: -168, south: 55, east: -130, north: 71),
        ]
        let features = boxes.map { OutputFeature(properties: JSONObject(), geometry: g, bbox: $0) }
        let text = String(decoding: GeoJSONWriter.featureCollection(features, precision: 6), as: UTF8.self)
        #expect(text.hasPrefix(#"{"type":"FeatureCollection","bbox":[172.5,51,-130,71],"features":["#))
        #expect(text.contains(#""bbox":[178,60,-170,70]"#))
    }

    @Test(arguments: [
        (2.0, "2"), (-3.0, "-3"), (-0.0, "0"), (0.1, "0.1"), (1.5, "1.5"),
        (9_007_199_254_740_991.0, "9007199254740991"), (9_007_199_254_740_992.0, "9007199254740992.0"), (1e16, "1e+16"),
        (1e21, "1e+21"), (-2.5e-7, "-2.5e-07"), (Double.nan, "null"), (Double.infinity, "null"),
    ])
    func propertyNumbers(_ value: Double, _ text: String) {
        var out: [UInt8] = []
        JSONValue.number(value).appendJSON(to: &out)
        #expect(String(decoding: out, as: UTF8.self) == text)
    }

    /// Foundation's independent parser accepts the output and finds what went in.
    @Test func foundationParsesTheOutput() throws {
        let bytes = try Self.smallCollection()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(root["type"] as? String == "FeatureCollection")
        #expect(root["bbox"] as? [Double] == [-1.5, -0.000001, 13.45, 52.5])
        let features = try #require(root["features"] as? [[String: Any]])
        #expect(features.count == 2)
        let properties = try #require(features[0]["properties"] as? [String: Any])
        #expect(properties["name"] as? String == "Zone \"A\"\\north\n\t\u{1}é")
        #expect(properties["big"] as? Double == 1e21)
        #expect(properties["none"] is NSNull)
        let geometry = try #require(features[1]["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiPolygon")
        let coordinates = try #require(geometry["coordinates"] as? [[[[Double]]]])
        #expect(
            coordinates == [
                [[[-1.5, -0.000001], [-1, -0.000001], [-1, 0.5], [-1.5, -0.000001]]],
                [[[2, 2], [3, 2], [3, 3], [2, 2]]],
            ])
    }

    /// The project's reader reads the output back: same properties exactly, same structure,
    /// every position within half a grid cell; a Polygon comes back as a MultiPolygon.
    @Test func readerReadsTheOutputBack() throws {
        let input = [try Self.holedFeature(), try Self.twoPartFeature()]
        let result = readGeoJSON(GeoJSONWriter.featureCollection(input, precision: 6))
        #expect(result.diagnostics.isEmpty)
        try #require(result.features.count == input.count)
        for (read, written) in zip(result.features, input) {
            #expect(read.properties == written.properties)
            let g = try #require(read.geometry)
            #expect(g.isMulti)
            #expect(g.ringEnds == written.geometry.ringEnds)
            #expect(g.polygonEnds == written.geometry.polygonEnds)
            try #require(g.coordinates.count == written.geometry.coordinates.count)
            for (a, b) in zip(g.coordinates, written.geometry.coordinates) {
                #expect(abs(a - b) <= 0.5e-6)
            }
        }
    }

    /// A real city with 7+ decimals in its source, written at precision 6 and read back: every feature, ring and position
    /// comes back, positions within half a grid cell of the source's.
    @Test func realCityRoundTrip() throws {
        let (source, output) = try realCityFeatures("san-antonio.geojson")
        #expect(source.count == 401)
        let bytes = GeoJSONWriter.featureCollection(output, precision: 6)
        let result = readGeoJSON(bytes)
        #expect(result.diagnostics.isEmpty)
        try #require(result.features.count == source.count)
        var worst = 0.0
        for (read, original) in zip(result.features, source) {
            #expect(read.properties == original.properties)
            let g = try #require(read.geometry)
            let o = try #require(original.geometry)
            #expect(g.ringEnds == o.ringEnds && g.polygonEnds == o.polygonEnds)
            try #require(g.coordinates.count == o.coordinates.count)
            for (a, b) in zip(g.coordinates, o.coordinates) { worst = max(worst, abs(a - b)) }
        }
        #expect(worst <= 0.5e-6 * (1 + 1e-9))
        #expect(worst > 0)  // the source has more than 6 decimals: rounding happened
    }
}
