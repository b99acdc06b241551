import Foundation
import TestSupport
import Testing

/// `zonectl style`, drawn by a real engine: the sample zones are built, served over loopback
/// HTTP with `Content-Encoding: gzip` (Scripts/serve_store.py), and each city is rendered by
/// MapLibre Native through mapli under Xvfb (Scripts/render_style.py), which reports the pixels
/// at interior points of every zone next to the colour the style table asks for.
@Suite struct StyleCommandTests {
    /// Per channel, in 0…255: antialiasing and 8-bit rounding of the blend stay within 1–2.
    static let tolerance = 3

    @Test func aMissingManifestIsARuntimeFailure() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("style", "--from", "nowhere", "--base-url", "http://127.0.0.1:1/", in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("nowhere/manifest.json: not found"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test(arguments: ["s3://bucket/prefix", "127.0.0.1:8080", "https://cdn.example/?sig=1"])
    func aBaseURLThatIsNotHTTPIsARuntimeFailure(_ url: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("style", "--from", "nowhere", "--base-url", url, in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("--base-url \(url)"), "\(r.stderr)")
    }

    @Test(.tags(.python, .mapli)) func mapLibreDrawsEachZoneInItsTableFillAtItsOpacity() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: TestPaths.root.appendingPathComponent("zones"), to: dir.appendingPathComponent("zones"))
        // The zones alone: the sample point layer's circles would cover zone pixels
        // (StyleCommandPointsTests draws it).
        let yaml = try String(contentsOf: TestPaths.root.appendingPathComponent("pipeline.yml"), encoding: .utf8)
        let points = try #require(yaml.range(of: "\npoints:\n"))
        try (yaml[..<points.lowerBound] + "\npoints: {}\n").write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        let build = try zonectl("build", "--out", "dist", "--no-cache", in: dir)
        try #require(build.status == 0, "\(build.stderr)")
        let manifest = try json(Data(contentsOf: dir.appendingPathComponent("dist/manifest.json")))
        let cities = try #require(manifest["cities"] as? [[String: Any]])

        let server = try StoreServer(serving: dir.appendingPathComponent("dist"), in: dir)
        defer { server.stop() }
        let style = try zonectl(
            "style", "--from", "dist", "--base-url", "http://127.0.0.1:\(server.port)/", "--out", "style.json", in: dir)
        try #require(style.status == 0, "\(style.stderr)")
        #expect(style.stderr.isEmpty)

        let render = try run(
            TestPaths.python,
            [TestPaths.scripts.appendingPathComponent("render_style.py").path, "style.json", "dist", "images"], in: dir)
        try #require(render.status == 0, "render_style.py: \(render.stderr)")
        let result = try json(Data(render.stdout.utf8))
        let rendered = try #require(result["cities"] as? [[String: Any]])
        #expect(rendered.count == cities.count)

        for (city, entry) in zip(rendered, cities) {
            let id = try #require(city["city"] as? String)
            let samples = try #require(city["samples"] as? [[String: Any]])
            // Every style of the city is sampled inside at least one of its zones.
            #expect(
                Set(samples.compactMap { $0["style"] as? String }) == Set(entry["styles"] as? [String] ?? []), "\(id)")
            for s in samples {
                let at = "\(id) \(s["style"] ?? "") at \(s["lon"] ?? ""),\(s["lat"] ?? "")"
                let expected = try #require(s["expected"] as? [Int])
                let found = try #require(s["found"] as? [Int])
                #expect(abs(found[3] - expected[3]) <= Self.tolerance, "\(at): alpha \(found) vs \(expected)")
                #expect(close(overWhite(found), overWhite(expected)), "\(at): \(found) vs \(expected) over white")
                let expectedOnBase = try #require(s["expected_on_background"] as? [Int])
                let foundOnBase = try #require(s["found_on_background"] as? [Int])
                #expect(
                    close(Array(foundOnBase.prefix(3)), expectedOnBase), "\(at): \(foundOnBase) vs \(expectedOnBase)")
                #expect(foundOnBase[3] == 255)
            }
            // An overlay: outside the zones the image stays transparent (no background layer).
            #expect((city["corner"] as? [Int])?.last == 0, "\(id): corner \(city["corner"] ?? "")")
        }

        // MapLibre fetched every city's artifact from the server, gzip-encoded as stored.
        let requests = try String(contentsOf: server.log, encoding: .utf8).split(separator: "\n")
        for entry in cities {
            let key = try #require(entry["key"] as? String)
            #expect(requests.contains { $0.hasPrefix("GET /\(key) 200") }, "\(key) not fetched: \(requests)")
        }
    }

    /// RGB of an RGBA pixel (not premultiplied) composited over white.
    func overWhite(_ p: [Int]) -> [Int] {
        (0..<3).map { Int((Double(p[$0]) * Double(p[3]) + 255 * Double(255 - p[3])) / 255 + 0.5) }
    }

    func close(_ a: [Int], _ b: [Int]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= Self.tolerance }
    }
}

/// Scripts/serve_store.py on a free loopback port, serving a directory as S3 does (`.gz` objects
/// with `Content-Encoding: gzip`), logging each request to `log`.
struct StoreServer {
    let process: ChildProcess
    let port: Int
    let log: URL

    init(serving directory: URL, in workDirectory: URL) throws {
        let portFile = workDirectory.appendingPathComponent("server.port")
        log = workDirectory.appendingPathComponent("server.log")
        process = try startProcess(
            TestPaths.python,
            [
                TestPaths.scripts.appendingPathComponent("serve_store.py").path, directory.path, portFile.path,
                log.path,
            ])
        let deadline = Date().addingTimeInterval(20)
        var port: Int?
        while port == nil, Date() < deadline {
            port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            if port == nil { usleep(50_000) }
        }
        guard let port else {
            process.kill(SIGTERM)
            throw ServerFailure(description: "serve_store.py wrote no port: \((try? process.wait())?.stderr ?? "")")
        }
        self.port = port
    }

    func stop() {
        process.kill(SIGKILL)
        _ = try? process.wait()
    }
}

struct ServerFailure: Error, CustomStringConvertible {
    var description: String
}
