import Foundation
import Testing

/// A zone whose every polygon goes (collapsed on the grid, or below `min_area_m2`) is named in
/// `zonectl build`'s default summary and in `--format json`, not only as a `--verbose` warning.
@Suite struct VanishedZoneCommandTests {
    func square(_ style: String, _ x: Double, _ y: Double, _ side: Double) -> String {
        let ring = [[x, y], [x + side, y], [x + side, y + side], [x, y + side], [x, y]]
        return #"{"type":"Feature","properties":{"city":"berlin","style":"\#(style)"},"#
            + #""geometry":{"type":"Polygon","coordinates":[[\#(ring.map { "[\($0[0]),\($0[1])]" }.joined(separator: ","))]]}}"#
    }

    /// berlin/parking is built; berlin/no-parking's three 7 m squares are below min_area_m2,
    /// berlin/slow's square of 0.0000002° collapses on the 6-decimal grid, and berlin/line's two
    /// polygons have no area (each ring along a line).
    func workspace() throws -> URL {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("zones"), withIntermediateDirectories: true)
        let features = [
            square("parking", 13.40, 52.50, 0.01),
            square("no-parking", 13.42, 52.52, 0.0001), square("no-parking", 13.43, 52.52, 0.0001),
            square("no-parking", 13.44, 52.52, 0.0001), square("slow", 13.45, 52.52, 0.0000002),
            #"{"type":"Feature","properties":{"city":"berlin","style":"line"},"geometry":{"type":"MultiPolygon","#
                + #""coordinates":[[[[13.46,52.5],[13.47,52.5],[13.48,52.5],[13.46,52.5]]],"#
                + #"[[[13.46,52.51],[13.47,52.52],[13.46,52.51],[13.46,52.51]]]]}}"#,
        ]
        try (#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}\n").write(
            to: dir.appendingPathComponent("zones/berlin.geojson"), atomically: true, encoding: .utf8)
        try "zones: zones\nsimplify:\n  min_area_m2: 1000\n".write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func vanishedZonesAreInTheSummary() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let build = try zonectl("build", "--out", "dist", "--no-cache", in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(
            build.stdout.contains(
                "\n3 vanished: berlin/line (2 polygons, none with area in the input); "
                    + "berlin/no-parking (3 polygons, all below min_area_m2); "
                    + "berlin/slow (1 polygon, all collapsed on the 6-decimal grid)\n"), "\(build.stdout)")

        let json = try zonectl("build", "--out", "dist", "--format", "json", in: dir)
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let vanished = try #require(report["vanished"] as? [[String: Any]])
        #expect(vanished.map { $0["zone"] as? String } == ["berlin/line", "berlin/no-parking", "berlin/slow"])
        #expect(vanished.map { $0["polygons"] as? Int } == [2, 3, 1])
        #expect(vanished.first?["city"] as? String == "berlin")
        #expect(vanished.dropFirst().first?["reason"] as? String == "all below min_area_m2")

        // A rebuild from the cache reports them as well.
        let cached = try zonectl("build", "--out", "dist2", in: dir)
        #expect(cached.stdout.contains("(cache)"), "\(cached.stdout)")
        #expect(cached.stdout.contains("3 vanished: berlin/line (2 polygons"), "\(cached.stdout)")
    }

    /// Seven vanished zones: five named by default, the rest counted; --verbose names all.
    @Test func manyVanishedZonesAreCappedUnlessVerbose() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tiny = (0..<7).map { square("tiny-\($0)", 13.42 + Double($0) * 0.001, 52.52, 0.0001) }
        let features = [square("parking", 13.40, 52.50, 0.01)] + tiny
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}\n"
        try text.write(to: dir.appendingPathComponent("zones/berlin.geojson"), atomically: true, encoding: .utf8)
        let build = try zonectl("build", "--out", "dist", "--no-cache", in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let line = try #require(build.stdout.split(separator: "\n").first { $0.contains("vanished:") })
        #expect(line.hasPrefix("7 vanished: berlin/tiny-0 (1 polygon, all below min_area_m2); "), "\(line)")
        #expect(line.contains("berlin/tiny-4") && !line.contains("berlin/tiny-5"), "\(line)")
        #expect(line.hasSuffix("; and 2 more (all with --verbose or in report.json)"), "\(line)")

        let verbose = try zonectl("build", "--out", "dist", "--verbose", in: dir)
        let all = try #require(verbose.stdout.split(separator: "\n").first { $0.contains("vanished:") })
        #expect(all.contains("berlin/tiny-6 (1 polygon") && !all.contains("more"), "\(all)")
    }
}
