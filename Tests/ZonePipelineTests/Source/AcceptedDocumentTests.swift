import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// A document the reader must accept without any diagnostic, and what it must read from it.
struct AcceptedDocument: CustomTestStringConvertible, Sendable {
    let fixture: String
    /// Per feature: id, properties, `line:col` of the feature, isMulti, positions, ring ends, polygon ends.
    let features: [ExpectedFeature]
    var testDescription: String { fixture }
}

struct ExpectedFeature: Sendable {
    var id: JSONValue?
    var properties: JSONObject
    var at: String
    var isMulti: Bool
    var positions: [[Double]]
    var ringEnds: [Int]
    var polygonEnds: [Int]
    /// `line:col` of each ring's opening bracket.
    var rings: [String]
}

/// The small square most fixtures use, counter-clockwise.
private let parisSquare: [[Double]] = [[2.0, 48.0], [2.1, 48.0], [2.1, 48.1], [2.0, 48.1], [2.0, 48.0]]
private let paris = JSONObject([("city", .string("paris"))])

@Suite struct AcceptedDocumentTests {
    static let fixtures: Set<String> = Set(documents.map(\.fixture)).union(["ok-bom"])

    static let documents: [AcceptedDocument] = [
        AcceptedDocument(
            fixture: "ok-feature",
            features: [
                ExpectedFeature(
                    id: .number(7),
                    properties: JSONObject([("city", .string("paris")), ("style", .string("parking"))]),
                    at: "1:1", isMulti: false, positions: parisSquare, ringEnds: [5], polygonEnds: [1], rings: ["8:7"])
            ]),
        AcceptedDocument(
            fixture: "ok-feature-collection",
            features: [
                ExpectedFeature(
                    id: .string("a"),
                    properties: JSONObject([("city", .string("paris")), ("style", .string("parking"))]),
                    at: "4:5", isMulti: false, positions: parisSquare, ringEnds: [5], polygonEnds: [1], rings: ["11:11"]
                ),
                ExpectedFeature(
                    id: .string("b"),
                    properties: JSONObject([("city", .string("paris")), ("style", .string("slow-zone"))]),
                    at: "15:5", isMulti: true,
                    positions: [
                        [3.0, 49.0], [3.1, 49.0], [3.1, 49.1], [3.0, 49.0],
                        [4.0, 50.0], [4.2, 50.0], [4.2, 50.2], [4.0, 50.2], [4.0, 50.0],
                        [4.05, 50.05], [4.05, 50.1], [4.1, 50.1], [4.05, 50.05],
                    ],
                    ringEnds: [4, 9, 13], polygonEnds: [1, 3], rings: ["22:12", "23:12", "24:12"]),
            ]),
        AcceptedDocument(
            fixture: "ok-polygon",
            features: [
                ExpectedFeature(
                    id: nil, properties: JSONObject(), at: "1:1", isMulti: false, positions: parisSquare,
                    ringEnds: [5], polygonEnds: [1], rings: ["4:5"])
            ]),
        AcceptedDocument(
            fixture: "ok-multipolygon",
            features: [
                ExpectedFeature(
                    id: nil, properties: JSONObject(), at: "1:1", isMulti: true,
                    positions: [
                        [2.0, 48.0], [2.1, 48.0], [2.1, 48.1], [2.0, 48.0],
                        [3.0, 49.0], [3.1, 49.0], [3.1, 49.1], [3.0, 49.0],
                    ],
                    ringEnds: [4, 8], polygonEnds: [1, 2], rings: ["4:6", "5:6"])
            ]),
        // "coordinates" before "type", "geometry" and "properties" before "type",
        // "features" before the collection's "type".
        AcceptedDocument(
            fixture: "ok-member-order",
            features: [
                ExpectedFeature(
                    id: nil, properties: paris, at: "3:5", isMulti: false, positions: parisSquare,
                    ringEnds: [5], polygonEnds: [1], rings: ["6:11"]),
                ExpectedFeature(
                    id: nil, properties: paris, at: "13:5", isMulti: true,
                    positions: [[3.0, 49.0], [3.1, 49.0], [3.1, 49.1], [3.0, 49.0]],
                    ringEnds: [4], polygonEnds: [1], rings: ["17:12"]),
            ]),
        // name/crs/bbox on the collection, objects and arrays as foreign members of a Feature
        // and of a geometry (even ones named "coordinates" and "properties").
        AcceptedDocument(
            fixture: "ok-foreign-members",
            features: [
                ExpectedFeature(
                    id: nil, properties: paris, at: "7:5", isMulti: false, positions: parisSquare,
                    ringEnds: [5], polygonEnds: [1], rings: ["14:11"])
            ]),
        // 1e-3, 1E+2, -0, -0.0, 25e-1, 4.5E1, 0.5e0, 1E2.
        AcceptedDocument(
            fixture: "ok-numbers",
            features: [
                ExpectedFeature(
                    id: nil, properties: JSONObject(), at: "1:1", isMulti: false,
                    positions: [[0.001, 100], [-0.0, -0.0], [2.5, 45], [0.5, 100], [0.001, 100]],
                    ringEnds: [5], polygonEnds: [1], rings: ["4:5"])
            ]),
    ]

    @Test(arguments: documents)
    func documentIsReadCompletely(_ doc: AcceptedDocument) throws {
        let name = doc.fixture + ".geojson"
        let text = SourceText(path: name, bytes: defectBytes(name))
        let result = GeoJSONReader.read(text)
        #expect(result.diagnostics.map(positioned) == [])
        try #require(result.features.count == doc.features.count)
        for (f, e) in zip(result.features, doc.features) {
            #expect(f.id == e.id)
            #expect(f.properties == e.properties)
            #expect("\(f.location.line):\(f.location.column)" == e.at)
            let g = try #require(f.geometry)
            #expect(g.isMulti == e.isMulti)
            // Bit patterns, so that -0.0 differs from 0.0.
            #expect(g.coordinates.map(\.bitPattern) == e.positions.flatMap { $0 }.map(\.bitPattern))
            #expect(g.ringEnds == e.ringEnds)
            #expect(g.polygonEnds == e.polygonEnds)
            let rings = f.ringOffsets.map { text.location(ofByte: $0) }.map { "\($0.line):\($0.column)" }
            #expect(rings == e.rings)
            #expect(f.ringOffsets.allSatisfy { text.bytes[$0] == UInt8(ascii: "[") })
        }
    }

    /// A UTF-8 byte order mark is skipped: no diagnostics, names decoded, columns unchanged.
    @Test func byteOrderMarkIsAccepted() throws {
        let bytes = defectBytes("ok-bom.geojson")
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let result = readGeoJSON(bytes, name: "ok-bom.geojson")
        #expect(result.diagnostics.isEmpty)
        let feature = try #require(result.features.first)
        #expect(feature.properties["name"] == .string("Île de la Cité"))
        #expect(feature.geometry?.positionCount == 5)
        #expect("\(feature.location.line):\(feature.location.column)" == "1:1")
        // The mark is not a column: an error on line 1 has the column an editor shows.
        let bad = readGeoJSON([0xEF, 0xBB, 0xBF] + Array(#"{"type": "Featur"}"#.utf8))
        #expect(bad.diagnostics.map(positioned) == ["1:10: error: unknown GeoJSON type \"Featur\""])
        // Only at the start: a mark anywhere else is not whitespace.
        let late = readGeoJSON(
            Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array(#"{"type": "Polygon", "coordinates": []}"#.utf8))
        #expect(late.diagnostics.map(positioned) == ["1:2: error: expected a GeoJSON object, found byte 0xEF"])
    }

    /// The altitude of a 3-value position is read and dropped.
    @Test func altitudeIsDropped() throws {
        let r = readGeoJSON(#"{"type": "Polygon", "coordinates": [[[0, 0, 5], [1, 0, 6.5], [1, 1, -3], [0, 0, 5]]]}"#)
        #expect(r.diagnostics.isEmpty)
        #expect(try #require(r.features.first?.geometry).coordinates == [0, 0, 1, 0, 1, 1, 0, 0])
    }

    /// A geometry's members are read in any order, including "coordinates" before "type" in a
    /// document whose layout is all on one line; the result equals the canonical order's.
    @Test func memberOrderDoesNotChangeTheResult() throws {
        let canonical = readGeoJSON(
            #"{"type": "Feature", "id": 3, "properties": {"city": "x"}, "geometry": {"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]]]}}"#
        )
        let reordered = readGeoJSON(
            #"{"geometry": {"coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]]], "type": "MultiPolygon"}, "properties": {"city": "x"}, "id": 3, "type": "Feature"}"#
        )
        #expect(canonical.diagnostics.isEmpty)
        #expect(reordered.diagnostics.isEmpty)
        let a = try #require(canonical.features.first)
        let b = try #require(reordered.features.first)
        #expect(a.geometry == b.geometry)
        #expect(a.properties == b.properties)
        #expect(a.id == b.id)
        // Coordinates met before "type" are still checked once the type is known.
        let late = readGeoJSON("{\"coordinates\": [[[0, 0], [1],\n [1, 1], [0, 0]]], \"type\": \"Polygon\"}")
        #expect(
            late.diagnostics.map(positioned) == ["1:27: error: position has 1 value; expected [longitude, latitude]"])
    }
}
