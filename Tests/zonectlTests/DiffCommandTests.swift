import Foundation
import Testing
import ZonePipeline

/// `zonectl diff` end to end on a real city (Basel, 89 zones): published to a local store, then
/// edited as a pull request would be; edit_zones.py says, independently (shapely, pyproj's
/// geodesic area), what the diff must report.
@Suite struct DiffCommandTests {
    /// Basel built and published to ./store; zones in ./zones.
    struct Workspace {
        let dir: URL

        init() throws {
            dir = try temporaryDirectory()
            let zones = dir.appendingPathComponent("zones")
            try FileManager.default.createDirectory(at: zones, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: TestPaths.fixtures.appendingPathComponent("zones-real/basel.geojson"),
                to: zones.appendingPathComponent("basel.geojson"))
            try "zones: zones\noutput: dist\npublish:\n  target: store\n".write(
                to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
            let build = try zonectl("build", in: dir)
            #expect(build.status == 0, "\(build.stderr)")
            let publish = try zonectl("publish", in: dir)
            #expect(publish.status == 0, "\(publish.stderr)")
        }

        /// What edit_zones.py printed.
        struct Expected: Decodable {
            struct Areas: Decodable { var removed: Double, added: Double }
            var groups: [String: Areas]
            var moved: String, deleted: String, added: String
            var oldFill: String
            var points: [String: [Double]]
        }

        static let newFill = "#777777"

        /// Moves Bettingen 50 m east, deletes Roggenburg, adds a zone and recolours the
        /// service areas. (These two zones have no zone of another style within 80 m, so no
        /// other style's border depends on them.)
        func edit() throws -> Expected {
            let script = TestPaths.scripts.appendingPathComponent("edit_zones.py").path
            let r = try run(
                TestPaths.python,
                [
                    script, dir.appendingPathComponent("zones/basel.geojson").path,
                    "Bettingen", "Roggenburg", "service-area", Self.newFill,
                ])
            #expect(r.status == 0, "edit_zones.py failed: \(r.stderr)")
            return try JSONDecoder().decode(Expected.self, from: Data(r.stdoutBytes))
        }

        func diff(_ arguments: String..., environment: [String: String]? = nil) throws -> ProcessResult {
            try run(TestPaths.zonectl.path, ["diff"] + arguments, in: dir, environment: environment)
        }

        func remove() { try? FileManager.default.removeItem(at: dir) }
    }

    @Test func unchangedZonesReportNoChangeAndExitZero() throws {
        let w = try Workspace()
        defer { w.remove() }
        let text = try w.diff()
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("store (version "))
        #expect(text.stdout.contains(") → working zones: no changes (1 city, 4 styles)"))
        #expect(try w.diff("--exit-code").status == 0)
        let json = try w.diff("--format", "json", "--exit-code")
        #expect(json.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        #expect(doc["changed"] as? Bool == false)
        let markdown = try w.diff("--format", "markdown")
        #expect(markdown.stdout.hasPrefix("**zonectl diff**: no changes (1 city, 4 styles) against `store` version `"))
        #expect(!markdown.stdout.contains("<details>"))
    }

    @Test(.tags(.python)) func realCityEditsAreReportedExactlyWithAreasWithinOnePercent() throws {
        let w = try Workspace()
        defer { w.remove() }
        let dist = try Data(contentsOf: w.dir.appendingPathComponent("dist/manifest.json"))
        let storeBefore = try storeListing(w)
        let expected = try w.edit()

        let r = try w.diff("--format", "json")
        #expect(r.status == 0, "changes without --exit-code still exit 0: \(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any])
        #expect(doc["changed"] as? Bool == true)
        let cities = try #require(doc["cities"] as? [[String: Any]])
        #expect(
            cities.count == 1 && cities[0]["city"] as? String == "basel" && cities[0]["status"] as? String == "changed")
        let groups = try #require(cities[0]["groups"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: groups.map { ($0["group"] as? String ?? "", $0) })
        #expect(Set(byName.keys) == Set(expected.groups.keys))

        // Exactly the three edited groups changed; the recoloured one did not (colours live in the style table).
        let changed = Set(groups.filter { $0["status"] as? String == "changed" }.compactMap { $0["group"] as? String })
        #expect(changed == [expected.moved, expected.deleted, expected.added])
        #expect(byName["service-area"]?["status"] as? String == "unchanged")
        for (name, areas) in expected.groups {
            let g = try #require(byName[name])
            for (key, want) in [("areaRemoved", areas.removed), ("areaAdded", areas.added)] {
                let got = try #require(g[key] as? Double, "\(name).\(key)")
                if want == 0 {
                    #expect(got == 0, "\(name).\(key): \(got) m², nothing expected")
                } else {
                    #expect(abs(got - want) / want < 0.01, "\(name).\(key): \(got) m², pyproj \(want) m²")
                }
            }
        }
        // A 50 m move both removes and adds about the zone's width times 50 m.
        #expect(try #require(expected.groups[expected.moved]).removed > 50_000)

        // The style table: exactly one property of one style.
        let styles = try #require(doc["styles"] as? [[String: Any]])
        let restyled = styles.filter { $0["status"] as? String != "unchanged" }
        #expect(restyled.count == 1 && restyled.first?["style"] as? String == "service-area")
        let properties = try #require(restyled.first?["properties"] as? [[String: Any]])
        #expect(properties.count == 1)
        #expect(properties.first?["key"] as? String == "fill")
        #expect(properties.first?["before"] as? String == expected.oldFill)
        #expect(properties.first?["after"] as? String == Workspace.newFill)

        #expect(try w.diff("--exit-code").status == 1)
        let markdown = try w.diff("--format", "markdown")
        #expect(markdown.stdout.hasPrefix("**zonectl diff**: cities: 1 changed; groups: 3 changed; area +"))
        #expect(
            markdown.stdout.contains(
                "| service-area | changed | fill | \"\(expected.oldFill)\" | \"\(Workspace.newFill)\" |"))

        // Nothing was written to dist/ or the store.
        #expect(try Data(contentsOf: w.dir.appendingPathComponent("dist/manifest.json")) == dist)
        #expect(try storeListing(w) == storeBefore)
    }

    @Test(.tags(.python)) func svgShowsRemovedRedAndAddedGreenWhereTheyAre() throws {
        let w = try Workspace()
        defer { w.remove() }
        let expected = try w.edit()
        let r = try w.diff("--svg", "pictures")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("wrote 1 SVG file to pictures/"))
        let svg = w.dir.appendingPathComponent("pictures/basel.svg")
        let png = w.dir.appendingPathComponent("basel.png")
        let render = try run("rsvg-convert", ["--format", "png", "--output", png.path, svg.path])
        #expect(render.status == 0, "rsvg-convert failed: \(render.stderr)")

        let points = w.dir.appendingPathComponent("points.json")
        try JSONEncoder().encode(expected.points).write(to: points)
        let check = try run(
            TestPaths.python,
            [TestPaths.scripts.appendingPathComponent("svg_colours.py").path, svg.path, png.path, points.path])
        #expect(check.status == 0, "svg_colours.py failed: \(check.stderr)")
        let colours = try JSONDecoder().decode([String: String].self, from: Data(check.stdoutBytes))
        #expect(colours["removed"] == DiffSVG.removedColour, "inside the deleted zone")
        #expect(colours["added"] == DiffSVG.addedColour, "inside the added zone")
        #expect(colours["unchanged"] == DiffSVG.keptColour, "inside an untouched zone")
    }

    @Test(.tags(.python)) func againstABuildDirectoryAndFailures() throws {
        let w = try Workspace()
        defer { w.remove() }
        let expected = try w.edit()
        let r = try w.diff("--against", "dist", "--exit-code", "--format", "json")
        #expect(r.status == 1, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any])
        #expect((doc["before"] as? [String: Any])?["source"] as? String == "dist")
        let groups = (doc["cities"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]] ?? []
        #expect(
            Set(groups.filter { $0["status"] as? String == "changed" }.compactMap { $0["group"] as? String })
                == [expected.moved, expected.deleted, expected.added])

        let missing = try w.diff("--against", "nowhere")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere: no such directory"))

        // A published artifact that is not what its manifest says: exit 2, naming it.
        let manifest = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: w.dir.appendingPathComponent("store/manifest.json"))) as? [String: Any])
        let key = try #require((manifest["cities"] as? [[String: Any]])?.first?["key"] as? String)
        try Data([0x1f, 0x8b, 0x08]).write(to: w.dir.appendingPathComponent("store/" + key))
        let corrupt = try w.diff("--exit-code")
        #expect(corrupt.status == 2)
        #expect(corrupt.stderr.contains(key))

        // Zones that do not build: exit 2, not 1 (which would read as "changed").
        try "{\"type\":".write(
            to: w.dir.appendingPathComponent("zones/broken.geojson"), atomically: true, encoding: .utf8)
        let broken = try w.diff("--against", "dist", "--exit-code")
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("broken.geojson:1:9: error: "))
        #expect(broken.stdout.isEmpty)
    }

    private func storeListing(_ w: Workspace) throws -> [String] {
        let root = w.dir.appendingPathComponent("store")
        return (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
    }
}
