import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The text, markdown, JSON and SVG renderings of a diff of real cities: Bari loses its first
/// zone, Rome is unchanged, Paris is new.
@Suite struct DiffReportTests {
    static func sampleDiff() throws -> (diff: ZoneDiff, removedZone: PolygonalGeometry) {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = zonesRealDirectory.appendingPathComponent("bari.geojson")
        var doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        var features = try #require(doc["features"] as? [Any])
        let removed = features.removeFirst()
        doc["features"] = features
        try JSONSerialization.data(withJSONObject: doc).write(to: dir.appendingPathComponent("bari.geojson"))
        let removedZone = try #require(
            GeoJSONReader.read(
                SourceText(path: "removed", bytes: Array(try JSONSerialization.data(withJSONObject: removed)))
            ).features.first?.geometry)

        let before = try buildInMemory(["bari.geojson", "rome-rioni.geojson"])
        let after = try buildInMemory([
            dir.appendingPathComponent("bari.geojson").path, "rome-rioni.geojson", "paris.geojson",
        ])
        let diff = try ZoneDiffer(groupBy: ["city", "style"], jobs: 2, keepLayers: true)
            .diff(.built(before, name: "./store"), .built(after, name: "working zones"))
        return (diff, removedZone)
    }

    @Test func markdownStartsWithOneSummaryLineAndFoldsTheDetails() throws {
        let (diff, _) = try Self.sampleDiff()
        let lines = DiffMarkdownReport(diff).render().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("**zonectl diff**: cities: 1 added, 1 changed; groups: "))
        #expect(lines[0].hasSuffix("against `./store` (nothing published)."))
        #expect(lines[2] == "<details>")
        let bari = try #require(diff.cities.first)
        let changedGroups = bari.groups.count { $0.status != .unchanged }
        #expect(changedGroups >= 1)
        #expect(
            lines.contains(
                "| bari | changed | \(changedGroups) of 4 | \(DiffNumbers.transition(bari.vertices)) | \(DiffNumbers.transition(bari.gzipBytes)) |"
            ))
        #expect(lines.contains { $0.hasPrefix("| paris | added | ") })
        #expect(!lines.contains { $0.hasPrefix("| rome-rioni") }, "unchanged cities are not listed")
        #expect(lines.contains("1 unchanged city not listed. Areas in \(ZoneDiff.areaMethod)."))
        #expect(lines.last(where: { !$0.isEmpty }) == "</details>")
    }

    @Test func textAndJSONCarryTheSameNumbers() throws {
        let (diff, removedZone) = try Self.sampleDiff()
        let bari = try #require(diff.cities.first { $0.city == "bari" })
        let group = try #require(bari.groups.first { $0.status == .changed })
        // The removed zone's area, within 1 % (simplification moves its borders by up to 1 m).
        #expect(abs(group.areaRemoved - ellipsoidalArea(removedZone)) / ellipsoidalArea(removedZone) < 0.01)

        let text = DiffTextReport(diff).render()
        #expect(text.hasPrefix("./store (nothing published) → working zones: cities: 1 added, 1 changed;"))
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("bari   \(group.group)") })
        #expect(row.contains(DiffNumbers.signedArea(group.areaRemoved, sign: "−")))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(try diff.jsonBytes())) as? [String: Any])
        #expect(json["changed"] as? Bool == true)
        #expect(
            (json["summary"] as? [String: Any])?["cities"] as? [String: Int] == [
                "added": 1, "changed": 1, "unchanged": 1,
            ])
        let cities = try #require(json["cities"] as? [[String: Any]])
        let groups = try #require(cities.first { $0["city"] as? String == "bari" }?["groups"] as? [[String: Any]])
        let changed = try #require(groups.first { $0["group"] as? String == group.group })
        #expect(changed["areaRemoved"] as? Double == group.areaRemoved)
        #expect((changed["vertices"] as? [String: Int])?["before"] == group.vertices.before)
        #expect(cities.allSatisfy { $0["layers"] == nil }, "geometry stays out of the JSON")
    }

    @Test func svgIsWellFormedWithAScaleBarAndTheChangeInside() throws {
        let (diff, removedZone) = try Self.sampleDiff()
        let bari = try #require(diff.cities.first { $0.city == "bari" })
        let svg = try #require(DiffSVG().render(bari))
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let root = try #require(reader.root)
        #expect(root["viewBox"] == "0 0 800 \(root["height"] ?? "")")
        // One path per group and layer that has area: the zone's removal shows as red, and as
        // green where neighbours of lower overlap priority get back what it covered.
        #expect(reader.pathCount["removed"] == bari.layers.count { !$0.removed.isEmpty })
        #expect(reader.pathCount["removed"] == 1)
        #expect(reader.pathCount["added", default: 0] == bari.layers.count { !$0.added.isEmpty })
        #expect(reader.pathCount["unchanged"] == 4)

        // The scale bar says a round length: 1, 2 or 5 times a power of ten.
        let label = try #require(reader.scaleLabel)
        let number = try #require(Double(label.split(separator: " ")[0].replacingOccurrences(of: ",", with: "")))
        #expect(label.hasSuffix(" m") || label.hasSuffix(" km"))
        #expect([1.0, 2, 5].contains(number / pow(10, floor(log10(number)))))

        // The removed zone's box, placed with the projection the root declares, is on the map.
        let box = try #require(BoundingBox(removedZone))
        let (x0, y0, k, c) = try (
            double(root, "data-x0"), double(root, "data-y0"), double(root, "data-px-per-degree"),
            double(root, "data-cos-lat0")
        )
        let (lon0, lat0) = try (double(root, "data-lon0"), double(root, "data-lat0"))
        let height = try double(root, "height")
        for (lon, lat) in [(box.west, box.south), (box.east, box.north)] {
            let x = x0 + (lon - lon0) * c * k
            let y = y0 - (lat - lat0) * k
            #expect((0...800).contains(x) && (40...(height - 56)).contains(y), "\(x), \(y)")
        }
    }

    private func double(_ attributes: [String: String], _ name: String) throws -> Double {
        try #require(attributes[name].flatMap(Double.init), "\(name)")
    }
}

/// Collects what the SVG test looks at: root attributes, paths per layer, the scale bar label.
private final class SVGReader: NSObject, XMLParserDelegate {
    var root: [String: String]?
    var pathCount: [String: Int] = [:]
    var scaleLabel: String?
    private var layer: String?
    private var inScaleText = false

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch name {
        case "svg": root = root ?? attributes
        case "g": layer = attributes["id"]
        case "path": if let layer { pathCount[layer, default: 0] += 1 }
        case "text": inScaleText = layer == "scale-bar"
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inScaleText { scaleLabel = (scaleLabel ?? "") + string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { inScaleText = false }
        if name == "g" { layer = nil }
    }
}
