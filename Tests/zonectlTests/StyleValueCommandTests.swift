import Foundation
import Testing
import ZonePipeline

/// Style values that no renderer reads alike are errors of `validate` and `build`, at the
/// value's position (features) or the YAML value's (pipeline.yml).
@Suite struct StyleValueCommandTests {
    static func feature(_ x: Int, _ properties: String) -> String {
        #"  {"type": "Feature", "properties": {"city": "x", \#(properties)}, "geometry": {"type": "Polygon", "coordinates": [[[\#(x), 0], [\#(x + 1), 0], [\#(x + 1), 1], [\#(x), 1], [\#(x), 0]]]}}"#
    }

    static let lines = [
        #"{"type": "FeatureCollection", "features": ["#,
        feature(0, ##""style": "a", "stroke": "#12345""##) + ",",
        feature(2, #""style": "b", "fill-opacity": 7"#) + ",",
        feature(4, #""style": "c", "fill-opacity": "0.5""#) + ",",
        feature(6, #""style": "d", "stroke-width": -3"#) + ",",
        feature(8, ##""style": "a", "stroke": "#12345""##) + ",",
        feature(10, #""style": "e", "fill": "rgba(10, 20, 30, 0.5)", "stroke": "Red", "stroke-width": 0"#),
        "]}",
    ]

    /// `path:line:col: error: style value …` at `value` on line `line`.
    static func finding(_ line: Int, _ value: String, _ problem: String) -> String {
        let text = lines[line - 1]
        let column = text.distance(from: text.startIndex, to: text.range(of: value)!.lowerBound) + 1
        return "zones/z.geojson:\(line):\(column): error: style value \(problem)"
    }

    static let colour = StyleValueRule.colour.expected

    func workspace(config: String = "zones: zones\noutput: dist\n") throws -> URL {
        let dir = try temporaryDirectory()
        let zones = dir.appendingPathComponent("zones")
        try FileManager.default.createDirectory(at: zones, withIntermediateDirectories: true)
        try Self.lines.joined(separator: "\n").write(
            to: zones.appendingPathComponent("z.geojson"), atomically: true, encoding: .utf8)
        try config.write(to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func badValuesAreErrorsAtTheirPositions() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("validate", in: dir)
        #expect(r.status == 1)
        #expect(
            r.stderr
                == [
                    Self.finding(
                        2, ##""#12345""##,
                        ##"stroke is "#12345", expected \##(Self.colour) (and 1 more feature of this file)"##),
                    Self.finding(3, "7}", "fill-opacity is 7, expected a number from 0 to 1"),
                    Self.finding(4, #""0.5""#, #"fill-opacity is "0.5", expected a number from 0 to 1"#),
                    Self.finding(5, "-3", "stroke-width is -3, expected a number >= 0"),
                ].map { $0 + "\n" }.joined())
        #expect(r.stdout == "1 file, 6 features: 4 errors, 0 warnings\n")
    }

    @Test func theBuildRefusesThemAndWritesNothing() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("build", in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains(Self.finding(3, "7}", "fill-opacity is 7, expected a number from 0 to 1")))
        #expect(r.stderr.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist/manifest.json").path))
    }

    @Test func pipelineYAMLDefinitionsAreCheckedAtTheirValue() throws {
        let config = """
            zones: zones
            styles:
              definitions:
                parking:
                  fill: "#00ff00"
                  fill-opacity: 7

            """
        let dir = try workspace(config: config)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("validate", in: dir)
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "pipeline.yml:6:21: error: styles.definitions.parking.fill-opacity is 7, expected a number from 0 to 1\n"
        )
    }

    @Test func valuesMapLibreReadsPassAndAreServed() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Only the last feature's line: its named and rgba() colours and zero width are fine.
        let good = [Self.lines[0], Self.lines[6], Self.lines[7]].joined(separator: "\n")
        try good.write(to: dir.appendingPathComponent("zones/z.geojson"), atomically: true, encoding: .utf8)
        let build = try zonectl("build", in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let style = try zonectl(
            "style", "--from", "dist", "--base-url", "https://cdn.example/zones/", in: dir)
        #expect(style.status == 0, "\(style.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(style.stdoutBytes)) as? [String: Any])
        let paints = try #require(doc["layers"] as? [[String: Any]]).compactMap { $0["paint"] as? [String: Any] }
        #expect(paints.contains { $0["fill-color"] as? String == "rgba(10, 20, 30, 0.5)" })
        #expect(paints.contains { $0["line-color"] as? String == "Red" && $0["line-width"] as? Double == 0 })
    }
}
