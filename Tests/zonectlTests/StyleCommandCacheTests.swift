import Foundation
import TestSupport
import Testing

/// `zonectl style` through ZoneClient's builder: the bytes the pipeline's builder wrote before
/// (Tests/Fixtures/maplibre-style), pipeline.yml's overlaps for a manifest without priority,
/// and `file://` sources into a client cache when `--base-url` is left out.
@Suite struct StyleCommandCacheTests {
    static let fixtures = TestPaths.root.appendingPathComponent("Tests/Fixtures/maplibre-style")
    static let glyphs = "https://fonts.example/{fontstack}/{range}.pbf"

    @Test(arguments: [
        (["--from", "sample", "--base-url", "https://cdn.example/zones"], "sample/expected.json"),
        (
            ["--from", "sample", "--base-url", "https://cdn.example/zones/", "--glyphs", glyphs],
            "sample/expected-glyphs.json"
        ),
        (
            ["--config", "fallback/pipeline.yml", "--from", "fallback", "--base-url", "http://127.0.0.1:8080"],
            "fallback/expected.json"
        ),
    ])
    func theBytesThePipelineWrote(_ arguments: [String], _ expected: String) throws {
        let r = try run(TestPaths.zonectl.path, ["style"] + arguments, in: Self.fixtures)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdoutBytes == Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(expected))))
        if arguments.contains("fallback") {
            #expect(
                r.stderr.contains("fallback was built with another pipeline.yml; layers follow this one's overlaps"))
        }
    }

    /// A build output holds gzip objects, which MapLibre cannot read from disk: without
    /// `--base-url` it is refused, and nothing is written.
    @Test func aBuildOutputWithoutBaseURLIsRefused() throws {
        let dir = try sampleWorkspace(build: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try expectRefusal(
            ["style", "--from", "dist", "--out", "style.json"], in: dir, refusal: "holds gzip-encoded objects (zones/",
            reason: "MapLibre cannot read from disk", sourceLocation: #_sourceLocation)
        let r = try zonectl("style", "--from", "dist", in: dir)
        #expect(r.stderr.contains("give the base URL it is served from (--base-url URL)"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// The sample zones and point layer in a client cache: without `--base-url` every source is
    /// the file URL of a decoded object there; with it, the base URL and the same decoded keys.
    /// The layers are those of the build output served over http, one for one.
    @Test(.tags(.slow)) func aCacheGetsFileSourcesOnItsDecodedObjects() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for item in ["zones", "points", "pipeline.yml"] {
            try FileManager.default.copyItem(
                at: TestPaths.root.appendingPathComponent(item), to: dir.appendingPathComponent(item))
        }
        let build = try zonectl("build", "--out", "dist", "--no-cache", in: dir)
        try #require(build.status == 0, "\(build.stderr)")
        try decodedCache(of: dir.appendingPathComponent("dist"), at: dir.appendingPathComponent("my cache"))

        let fromCache = try zonectl("style", "--from", "my cache", in: dir)
        try #require(fromCache.status == 0, "\(fromCache.stderr)")
        let style = try json(Data(fromCache.stdoutBytes))
        let sources = try #require(style["sources"] as? [String: [String: Any]])
        #expect(sources.keys.contains { $0.hasPrefix("points/cars/") })
        for (id, source) in sources {
            let data = try #require(source["data"] as? String)
            let url = try #require(URL(string: data))
            #expect(url.isFileURL && data.contains("/my%20cache/"), "\(id): \(data)")
            #expect(!data.hasSuffix(".gz") && FileManager.default.fileExists(atPath: url.path), "\(id): \(data)")
        }
        let manifestURL = try #require(
            ((style["metadata"] as? [String: String])?["zonectl:manifest"]).flatMap { URL(string: $0) })
        #expect(manifestURL.path == dir.appendingPathComponent("my cache/manifest.json").standardizedFileURL.path)

        let served = try zonectl("style", "--from", "my cache", "--base-url", "https://cdn.example/c", in: dir)
        try #require(served.status == 0, "\(served.stderr)")
        let servedStyle = try json(Data(served.stdoutBytes))
        let servedSources = try #require(servedStyle["sources"] as? [String: [String: Any]])
        for (id, source) in servedSources {
            let data = try #require(source["data"] as? String)
            #expect(data.hasPrefix("https://cdn.example/c/") && data.hasSuffix(".geojson"), "\(id): \(data)")
        }
        let fromBuild = try zonectl("style", "--from", "dist", "--base-url", "https://cdn.example/c", in: dir)
        try #require(fromBuild.status == 0, "\(fromBuild.stderr)")
        func layers(_ style: [String: Any]) throws -> Data {
            try JSONSerialization.data(withJSONObject: try #require(style["layers"] as? [Any]), options: .sortedKeys)
        }
        #expect(try #require(style["layers"] as? [Any]).count > 20)
        #expect(try layers(servedStyle) == layers(style))
        #expect(try layers(json(Data(fromBuild.stdoutBytes))) == layers(style))
    }
}
