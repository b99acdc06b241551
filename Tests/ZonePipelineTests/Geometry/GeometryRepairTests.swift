import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Invalid input (which the loader flags with `isValid = false`) is made valid by the build.
@Suite struct GeometryRepairTests {
    /// Corners (13.40, 52.50), (13.42, 52.52), (13.42, 52.50), (13.40, 52.52): two triangles of
    /// 1e-4 deg² meeting at (13.41, 52.51).
    static let bowTie = [13.40, 52.50, 13.42, 52.52, 13.42, 52.50, 13.40, 52.52, 13.40, 52.50]

    @Test func bowTieIsRepairedIntoTwoValidTriangles() throws {
        let specs = [ZoneSpec("berlin", "parking", flat([[Self.bowTie]], isMulti: false))]
        #expect(try zoneFeatures(specs).map(\.isValid) == [false])
        let city = try runStage(specs)
        #expect(city.diagnostics.isEmpty, "\(city.diagnostics)")
        let group = try #require(city.group("parking"))
        let context = try GEOSContext()
        #expect(try outputProblems(group, precision: 6, context: context).isEmpty)
        #expect(group.geometry.polygonCount == 2)
        #expect(abs(planarArea(group.geometry) - 2e-4) < 1e-12)
        #expect(vertices(group.geometry).count == 6)
    }

    @Test func bowTieReadFromAFileIsRepaired() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let coordinates = stride(from: 0, to: Self.bowTie.count, by: 2).map {
            "[\(Self.bowTie[$0]),\(Self.bowTie[$0 + 1])]"
        }
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"city":"berlin","style":"parking"},"geometry":{"type":"Polygon","coordinates":[[\(coordinates.joined(separator: ","))]]}},
            {"type":"Feature","properties":{"city":"berlin","style":"parking"},"geometry":{"type":"Polygon","coordinates":[[[13.41,52.50],[13.45,52.50],[13.45,52.51],[13.41,52.51],[13.41,52.50]]]}}
            ]}
            """
        let file = dir.appendingPathComponent("berlin.geojson")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let build = try buildZones([file.path])
        #expect(!build.diagnostics.hasErrors, "\(build.diagnostics)")
        #expect(build.diagnostics.contains { $0.message.hasPrefix("invalid geometry: Self-intersection") })
        let city = try #require(build.cities.first)
        #expect(!city.diagnostics.hasErrors, "\(city.diagnostics)")
        let group = try #require(city.group("parking"))
        let context = try GEOSContext()
        #expect(try outputProblems(group, precision: 6, context: context).isEmpty)
        // The repair gives a left and a right triangle meeting at (13.41, 52.51). The rectangle
        // [13.41, 13.45] × [52.50, 52.51] covers the right one's lower half (5e-5) and touches
        // the left one's apex: the union is 2e-4 + 4e-4 − 5e-5.
        #expect(abs(planarArea(group.geometry) - 5.5e-4) < 1e-12)
    }

    static let invalidShapes: [NamedGeometry] = [
        NamedGeometry(
            "ring touching itself at a vertex",
            flat([[[13.40, 52.50, 13.44, 52.50, 13.42, 52.52, 13.44, 52.54, 13.40, 52.54, 13.42, 52.52, 13.40, 52.50]]])
        ),
        NamedGeometry("nested shells", flat([[rect(13.40, 52.50, 13.50, 52.60)], [rect(13.42, 52.53, 13.44, 52.55)]])),
        NamedGeometry(
            "hole outside its shell",
            flat([[rect(13.40, 52.50, 13.50, 52.60), reversed(rect(13.60, 52.61, 13.61, 52.62))]], isMulti: false)),
        NamedGeometry(
            "overlapping parts of one MultiPolygon",
            flat([[rect(13.40, 52.50, 13.42, 52.52)], [rect(13.41, 52.51, 13.43, 52.53)]])),
        NamedGeometry(
            "spike",
            flat([[[13.40, 52.50, 13.42, 52.50, 13.42, 52.52, 13.43, 52.53, 13.42, 52.52, 13.40, 52.52, 13.40, 52.50]]])
        ),
    ]

    @Test(arguments: invalidShapes)
    func invalidShapeBecomesValidOutput(_ input: NamedGeometry) throws {
        let context = try GEOSContext()
        #expect(try geosInvalidity(input.geometry, context: context) != nil, "the input should be invalid")
        let city = try runStage([ZoneSpec("berlin", "parking", input.geometry)])
        #expect(city.errors.isEmpty, "\(city.errors)")
        let group = try #require(city.group("parking"))
        #expect(try outputProblems(group, precision: 6, context: context).isEmpty)
        #expect(planarArea(group.geometry) > 1e-4)
    }

    @Test func ringWithTooFewPointsLeavesNothingAndSaysSo() throws {
        let degenerate = flat([[[13.40, 52.50, 13.41, 52.51, 13.40, 52.50, 13.40, 52.50]]])
        let city = try runStage([
            ZoneSpec("berlin", "parking", flat([[rect(13.40, 52.50, 13.41, 52.51)]])),
            ZoneSpec("berlin", "slow-zone", degenerate),
        ])
        #expect(city.errors.isEmpty, "\(city.errors)")
        #expect(city.groups.map(\.key) == [["berlin", "parking"]])
        #expect(
            city.warnings.contains { $0.message.contains("[berlin, slow-zone] has no area left") },
            "\(city.diagnostics)")
    }
}
