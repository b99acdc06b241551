import Foundation
import TestSupport
import Testing

/// `zonectl style`'s point layers, drawn by MapLibre Native: the sample zones and the sample
/// point layer (points/, as the repository's pipeline.yml has it) are built and served as in
/// StyleCommandTests, and Scripts/render_points.py reads the pixel at a cluster's position.
@Suite(.tags(.python, .mapli)) struct StyleCommandPointsTests {
    /// The sample layer as pipeline.yml has it (SyncPointsTests writes it into its own config).
    static let layer = """
        points:
          cars:
            source: points
            group_by: city
            radius: 60
            extent: 512
            min_points: 2
            max_zoom: 16
            keep: [id, kind]
            sum: [available]

        """

    /// The cluster colour of MapLibreStyleBuilder.clusterColor (#3182bd), opaque.
    static let clusterRGBA = [0x31, 0x82, 0xbd, 255]

    @Test func mapLibreDrawsAClusterAtItsPositionInTheClusterColour() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for item in ["zones", "points", "pipeline.yml"] {
            try FileManager.default.copyItem(
                at: TestPaths.root.appendingPathComponent(item), to: dir.appendingPathComponent(item))
        }
        let config = try String(contentsOf: dir.appendingPathComponent("pipeline.yml"), encoding: .utf8)
        try #require(config.contains("\npoints:\n") && config.contains("\n    source: points\n"))
        let build = try zonectl("build", "--out", "dist", "--no-cache", in: dir)
        try #require(build.status == 0, "\(build.stderr)")

        let server = try StoreServer(serving: dir.appendingPathComponent("dist"), in: dir)
        defer { server.stop() }
        let style = try zonectl(
            "style", "--from", "dist", "--base-url", "http://127.0.0.1:\(server.port)/", "--out", "style.json", in: dir)
        try #require(style.status == 0, "\(style.stderr)")
        #expect(style.stderr.contains("no --glyphs"), "\(style.stderr)")

        let render = try run(
            TestPaths.python,
            [TestPaths.scripts.appendingPathComponent("render_points.py").path, "style.json", "dist", "10"],
            in: dir)
        try #require(render.status == 0, "render_points.py: \(render.stderr)")
        let clusters = try #require(try json(Data(render.stdout.utf8))["clusters"] as? [[String: Any]])
        #expect(clusters.count == 3, "\(render.stdout)")  // paris, rome, copenhagen
        var others = 0
        for c in clusters {
            let at = "\(c["city"] ?? "") at \(c["lon"] ?? ""),\(c["lat"] ?? "")"
            let found = try #require(c["found"] as? [Int])
            #expect(zip(found, Self.clusterRGBA).allSatisfy { abs($0 - $1) <= 3 }, "\(at): \(found)")
            if let other = c["other"] as? [String: Any], let pixel = other["found"] as? [Int] {
                others += 1
                // A cluster of another z is filtered out: whatever is there, not a cluster circle.
                #expect(!zip(pixel, Self.clusterRGBA).allSatisfy { abs($0 - $1) <= 3 }, "\(other)")
            }
        }
        #expect(others > 0, "no cluster of another zoom far from those of z 10: \(render.stdout)")
        let requests = try String(contentsOf: server.log, encoding: .utf8)
        #expect(requests.contains("GET /points/cars/"), "the band files were not fetched: \(requests)")
    }
}
