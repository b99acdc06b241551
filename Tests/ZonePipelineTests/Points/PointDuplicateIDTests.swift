import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline
@testable import ZonePoints

/// Point ids are how `diff` and clients follow a point: two points of one layer and city with
/// one id are an error at each, naming the other's file:line:col. The same id in another city
/// is no duplicate.
@Suite struct PointDuplicateIDTests {
    func feature(_ city: String, _ id: String?, _ x: Double, multi: Bool = false) -> String {
        let geometry =
            multi
            ? #"{"type":"MultiPoint","coordinates":[[\#(x),2],[\#(x),3]]}"#
            : #"{"type":"Point","coordinates":[\#(x),2]}"#
        let idMember = id.map { #","id":"\#($0)""# } ?? ""
        return #"{"type":"Feature","geometry":\#(geometry),"properties":{"city":"\#(city)"\#(idMember)}}"#
    }

    func collection(_ features: [String]) -> String {
        "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
    }

    func read(_ files: [String: [String]]) throws -> (cities: [String: Int], findings: [String]) {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, features) in files {
            try collection(features).write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var layer = PointFixtures.layer
        layer.source = [dir.path]
        let (cities, diagnostics) = try PointBuild(config: PipelineConfig(points: [layer]), jobs: 2).read()
        let findings = diagnostics.map {
            $0.description.replacingOccurrences(of: dir.path + "/", with: "")
        }
        return (Dictionary(uniqueKeysWithValues: cities[0].map { ($0.city, $0.points.count) }), findings)
    }

    @Test func aRepeatedIdIsAnErrorAtBothPoints() throws {
        let (_, findings) = try read([
            "a.geojson": [feature("berlin", "car-1", 1), feature("berlin", "car-2", 2), feature("paris", "car-1", 3)],
            "b.geojson": [feature("berlin", "car-2", 4), feature("berlin", nil, 5), feature("berlin", nil, 6)],
        ])
        let rule = "ids must be unique within a layer and city"
        #expect(
            findings.sorted() == [
                "a.geojson:3:1: error: point layer 'cars': duplicate id \"car-2\" in city \"berlin\", also at b.geojson:2:1; \(rule)",
                "b.geojson:2:1: error: point layer 'cars': duplicate id \"car-2\" in city \"berlin\", also at a.geojson:3:1; \(rule)",
            ])
    }

    /// A MultiPoint's points are `id#0`, `id#1`: they repeat only another feature's such id.
    @Test func multiPointIdsAreCountedPerPoint() throws {
        let clean = try read(["a.geojson": [feature("rome", "m", 1, multi: true), feature("rome", "m", 2)]])
        #expect(clean.findings == [])
        #expect(clean.cities == ["rome": 3])
        let (_, findings) = try read(["a.geojson": [feature("rome", "m", 1, multi: true), feature("rome", "m#1", 2)]])
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.contains("duplicate id \"m#1\" in city \"rome\"") })
    }

    /// Hashes alone never decide: distinct ids over many points give no finding, and the
    /// duplicate finder names exactly the ids that repeat.
    @Test func duplicateIDsOfAPointSet() {
        var set = PointSet(sumCount: 0)
        for i in 0..<5000 { set.append(longitude: 0, latitude: 0, id: "p\(i)", kept: JSONObject(), sums: []) }
        #expect(set.duplicateIDs() == [])
        for id in ["p7", "", "", "p4999", "p7"] {
            set.append(longitude: 1, latitude: 1, id: id, kept: JSONObject(), sums: [])
        }
        #expect(set.duplicateIDs() == ["p4999", "p7"])
    }

    /// A null `group_by` value is named as null; a file saved as UTF-16 is named as such.
    @Test func nullGroupAndUTF16AreNamed() {
        let reader = PointReader(layer: PointFixtures.layer)
        let null = collection([
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":null}}"#
        ])
        #expect(
            reader.read(SourceText(path: "p.geojson", bytes: Array(null.utf8))).diagnostics.map(\.description) == [
                "p.geojson:2:1: error: point layer 'cars': property 'city' (group_by) is null; it must be a string"
            ])
        let utf16: [UInt8] = [0xFF, 0xFE] + collection([]).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(
            reader.read(SourceText(path: "p.geojson", bytes: utf16)).diagnostics.map(\.description) == [
                "p.geojson:1:1: error: the file looks like UTF-16 (it starts with the UTF-16 byte order mark FF FE), not UTF-8; save it as UTF-8"
            ])
    }
}
