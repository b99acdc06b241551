import Foundation
import TestSupport
import Testing
import ZoneClient

/// `zonectl style --from CACHE` without `--base-url`: the style an app builds on the device,
/// with `file://` sources on the decoded objects of a client cache, drawn by MapLibre Native
/// (Scripts/render_style.py) from disk, no server. The sample zones' fills are written in other
/// syntaxes first, so the colours expected come from ZoneClient's reading of the style table
/// (`ZoneStyle`, `ZoneColour`), checked against what MapLibre draws.
@Suite(.tags(.python, .mapli)) struct StyleCacheRenderTests {
    /// The sample fills and what this test writes instead: syntaxes MapLibre Native reads.
    static let fills = [
        "#fdae61": "hsl(28, 97%, 69%)", "#a6d96a": "rgb(40%, 75%, 30%)", "#abd9e9": "LightBlue", "#555555": "#555",
    ]
    /// render_style.py's background, under the overlay.
    static let background = [0xF2, 0xEF, 0xE9]

    @Test func mapLibreDrawsTheCacheFromDiskInTheTableColours() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zones = dir.appendingPathComponent("zones")
        try FileManager.default.createDirectory(at: zones, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.root.appendingPathComponent("zones").path)
        where name.hasSuffix(".geojson") {
            var text = try String(contentsOf: TestPaths.root.appendingPathComponent("zones/\(name)"), encoding: .utf8)
            for (old, new) in Self.fills {
                for separator in [":", ": "] {
                    text = text.replacingOccurrences(of: #""fill"\#(separator)"\#(old)""#, with: #""fill":"\#(new)""#)
                }
            }
            try text.write(to: zones.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try "points: {}\n".write(to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        let build = try zonectl("build", "--out", "dist", "--no-cache", in: dir)
        try #require(build.status == 0, "\(build.stderr)")
        let cache = dir.appendingPathComponent("cache")
        try decodedCache(of: dir.appendingPathComponent("dist"), at: cache)
        let store = DirectoryStore(root: cache.path)
        let manifest = try store.manifest()
        let table = try store.styles(of: manifest)
        #expect(Set(table.values.map(\.fill.css)) == Set(Self.fills.values))

        let style = try zonectl("style", "--from", "cache", "--out", "style.json", in: dir)
        try #require(style.status == 0, "\(style.stderr)")
        #expect(style.stderr.isEmpty, "\(style.stderr)")
        let written = try json(Data(contentsOf: dir.appendingPathComponent("style.json")))
        let sources = try #require(written["sources"] as? [String: [String: Any]])
        #expect(sources.count == manifest.cities.count)
        for (id, source) in sources {
            let data = try #require(source["data"] as? String)
            #expect(data.hasPrefix("file://") && data.hasSuffix(".geojson"), "\(id): \(data)")
        }

        let render = try run(
            TestPaths.python,
            [TestPaths.scripts.appendingPathComponent("render_style.py").path, "style.json", "cache", "images"], in: dir
        )
        try #require(render.status == 0, "render_style.py: \(render.stderr)")
        let rendered = try #require(try json(Data(render.stdout.utf8))["cities"] as? [[String: Any]])
        #expect(rendered.count == manifest.cities.count)
        var sampled = Set<String>()
        for city in rendered {
            let id = try #require(city["city"] as? String)
            for s in try #require(city["samples"] as? [[String: Any]]) {
                let name = try #require(s["style"] as? String)
                let at = "\(id) \(name) at \(s["lon"] ?? ""),\(s["lat"] ?? "")"
                let zoneStyle = try #require(table[name])
                let found = try #require(s["found"] as? [Int])
                let foundOnBase = try #require(s["found_on_background"] as? [Int])
                let expected = Self.expected(zoneStyle)
                #expect(
                    abs(found[3] - expected[3]) <= StyleCommandTests.tolerance, "\(at): alpha \(found) vs \(expected)")
                #expect(close(overWhite(found), overWhite(expected)), "\(at): \(found) vs \(expected) over white")
                let onBase = Self.expectedOnBackground(zoneStyle)
                #expect(close(Array(foundOnBase.prefix(3)), onBase), "\(at): \(foundOnBase) vs \(onBase)")
                // Where the script can read the fill itself (#rgb, #rrggbb), it agrees with ZoneClient.
                if let scripted = s["expected"] as? [Int] { #expect(close(scripted, expected), "\(at): \(scripted)") }
                sampled.insert(name)
            }
            #expect((city["corner"] as? [Int])?.last == 0, "\(id): corner \(city["corner"] ?? "")")
        }
        #expect(sampled == Set(table.keys), "every style drawn and checked")
    }

    /// RGBA (not premultiplied) of the fill at its opacity on a transparent image.
    static func expected(_ style: ZoneStyle) -> [Int] {
        let fill = style.fill
        return [fill.red, fill.green, fill.blue].map { Int(($0 * 255).rounded()) }
            + [Int((fill.alpha * style.fillOpacity * 255).rounded())]
    }

    /// RGB of the fill at its opacity over render_style.py's background.
    static func expectedOnBackground(_ style: ZoneStyle) -> [Int] {
        let fill = style.fill
        let opacity = fill.alpha * style.fillOpacity
        return zip([fill.red, fill.green, fill.blue], background).map { component, base in
            Int((component * 255 * opacity + Double(base) * (1 - opacity)).rounded())
        }
    }

    func overWhite(_ p: [Int]) -> [Int] { StyleCommandTests().overWhite(p) }

    func close(_ a: [Int], _ b: [Int]) -> Bool { StyleCommandTests().close(a, b) }
}
