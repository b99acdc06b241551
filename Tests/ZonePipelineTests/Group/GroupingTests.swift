import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// Grouping by `group_by` across files, and the `keep` properties of output features.
@Suite struct GroupingTests {
    func feature(_ city: String, _ style: String, _ x: Double, _ extra: String = "") -> String {
        #"{"type":"Feature","properties":{"city":"\#(city)","style":"\#(style)"\#(extra)},"geometry":{"type":"Polygon","coordinates":[[[\#(x),0],[\#(x + 1),0],[\#(x + 1),1],[\#(x),1],[\#(x),0]]]}}"#
    }

    func write(_ files: [String: [String]]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grouping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, features) in files {
            let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}"
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    var config: PipelineConfig {
        var config = PipelineConfig.default
        config.keep = ["zone", "name"]
        return config
    }

    @Test func groupsSpanFilesAndComeOutSorted() throws {
        let dir = try write([
            "b.geojson": [feature("rome", "parking", 0), feature("oslo", "slow-zone", 0)],
            "a.geojson": [feature("rome", "parking", 5), feature("rome", "no-parking", 2)],
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let zones = try checkZones([dir.path], config: config)
        let cities = zones.cities
        #expect(cities.map(\.city) == ["oslo", "rome"])
        #expect(cities[1].groups.map(\.key) == [["rome", "no-parking"], ["rome", "parking"]])
        // The rome parking group holds one feature of each file.
        let files = Set(cities[1].groups[1].members.map { zones.features[$0].location.file })
        #expect(files.count == 2)
    }

    @Test func keptPropertiesAreCopiedAndConflictsReported() throws {
        let dir = try write([
            "a.geojson": [
                feature("rome", "parking", 0, #","zone":"A1","name":"Centro""#),
                feature("rome", "parking", 5, #","zone":"A1","name":"Trastevere""#),
                feature("rome", "slow-zone", 10, #","zone":"B""#),
            ]
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let city = try #require(try buildZones([dir.path], config: config).cities.first)
        let parking = try #require(city.groups.first { $0.key == ["rome", "parking"] })
        #expect(
            parking.properties
                == JSONObject([
                    ("city", .string("rome")), ("style", .string("parking")),
                    ("zone", .string("A1")), ("name", .string("Centro")),
                ]))
        let slow = try #require(city.groups.first { $0.key == ["rome", "slow-zone"] })
        #expect(slow.properties["zone"] == .string("B"))
        #expect(slow.properties["name"] == nil)
        let warnings = city.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(
            warnings == [
                #"kept property "name" is "Trastevere" here but "Centro" elsewhere in group [rome, parking]; the first value is kept"#
            ])
        #expect(city.diagnostics.first { $0.severity == .warning }?.location.line == 2)
    }
}
