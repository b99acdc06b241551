import Foundation
import Testing

/// Names from zone files (cities, styles, file names) reach the terminal with their control
/// characters escaped: an ESC in a city name must not recolour it.
@Suite struct TerminalSafetyTests {
    static let city = "evil\u{1B}[31mred\u{9B}0m"
    /// As the human-readable outputs write it.
    static let shown = "evil\\u{1B}[31mred\\u{9B}0m"

    static func feature(_ city: String, _ style: String, x: Double, stroke: String = "#000000") -> String {
        let name = String(decoding: try! JSONEncoder().encode(city), as: UTF8.self)
        let styleName = String(decoding: try! JSONEncoder().encode(style), as: UTF8.self)
        return
            #"{"type": "Feature", "properties": {"city": \#(name), "style": \#(styleName), "stroke": "\#(stroke)"}, "geometry": {"type": "Polygon", "coordinates": [[[\#(x), 0], [\#(x + 1), 0], [\#(x + 1), 1], [\#(x), 1], [\#(x), 0]]]}}"#
    }

    static func collection(_ features: [String]) -> String {
        "{\"type\": \"FeatureCollection\", \"features\": [\n" + features.joined(separator: ",\n") + "\n]}\n"
    }

    /// No ESC, DEL or C1 character in either stream.
    static func hasRawControls(_ r: ProcessResult) -> Bool {
        (r.stdout + r.stderr).unicodeScalars.contains { $0.value == 0x1B || (0x7F...0x9F).contains($0.value) }
    }

    func workspace() throws -> URL {
        let dir = try temporaryDirectory()
        let zones = dir.appendingPathComponent("zones")
        try FileManager.default.createDirectory(at: zones, withIntermediateDirectories: true)
        try Self.collection([Self.feature(Self.city, "parking", x: 0), Self.feature("plain", "parking", x: 5)])
            .write(to: zones.appendingPathComponent("z.geojson"), atomically: true, encoding: .utf8)
        try "zones: zones\noutput: dist\npublish:\n  target: store\n".write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func validateEscapesFileAndStyleNames() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let style = "s\u{9B}31m\u{7F}"
        // A clockwise ring (a warning at the file's path) and one style with two strokes (an error naming it).
        let clockwise =
            #"{"type": "Feature", "properties": {"city": "x", "style": "p"}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]]}}"#
        let file = "evil\u{1B}[31m.geojson"
        try Self.collection([
            clockwise, Self.feature(Self.city, style, x: 2), Self.feature(Self.city, style, x: 4, stroke: "#ffffff"),
        ]).write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let text = try zonectl("validate", "--verbose", file, in: dir)
        #expect(text.status == 1)
        #expect(!Self.hasRawControls(text), "\(text.stderr.debugDescription)")
        #expect(text.stderr.contains("evil\\u{1B}[31m.geojson:2:"))
        #expect(text.stderr.contains("warning: exterior ring is clockwise"))
        #expect(text.stderr.contains("style \"s\\u{9B}31m\\u{7F}\" has stroke"))
        let github = try zonectl("validate", "--format", "github", file, in: dir)
        #expect(github.status == 1)
        #expect(!Self.hasRawControls(github), "\(github.stdout.debugDescription)")
        #expect(
            github.stdout.contains("::error file=evil\\u{1B}[31m.geojson,line=4,col=1::style \"s\\u{9B}31m\\u{7F}\""))
    }

    @Test func buildDiffAndLookupEscapeCityNames() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let build = try zonectl("build", in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!Self.hasRawControls(build), "\(build.stdout.debugDescription)")
        #expect(build.stdout.contains(Self.shown + "  "))

        let lookup = try zonectl("lookup", "--from", "dist", "0.5", "0.5", in: dir)
        #expect(lookup.status == 0, "\(lookup.stderr)")
        #expect(!Self.hasRawControls(lookup), "\(lookup.stdout.debugDescription)")
        let found = try #require(try JSONSerialization.jsonObject(with: Data(lookup.stdoutBytes)) as? [String: Any])
        #expect(found["city"] as? String == Self.city)

        let publish = try zonectl("publish", in: dir)
        #expect(publish.status == 0, "\(publish.stderr)")
        try Self.collection([Self.feature(Self.city, "parking", x: 0.5), Self.feature("plain", "parking", x: 5)])
            .write(to: dir.appendingPathComponent("zones/z.geojson"), atomically: true, encoding: .utf8)
        for format in ["text", "markdown"] {
            let diff = try zonectl("diff", "--format", format, in: dir)
            #expect(diff.status == 0, "\(diff.stderr)")
            #expect(!Self.hasRawControls(diff), "\(diff.stdout.debugDescription)")
            #expect(diff.stdout.contains(Self.shown))
        }
    }
}
