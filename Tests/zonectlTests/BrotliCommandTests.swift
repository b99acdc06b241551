import Foundation
import Testing
import ZoneFormats
import ZonePipeline

/// `encodings: [gzip, br]` through the CLI: build (table and report), publish, verify.
@Suite struct BrotliCommandTests {
    @Test func buildPublishAndVerifyBrotliArtifacts() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for item in ["zones", "points"] {
            try FileManager.default.copyItem(
                at: TestPaths.root.appendingPathComponent(item), to: dir.appendingPathComponent(item))
        }
        let yaml = try String(contentsOf: TestPaths.root.appendingPathComponent("pipeline.yml"), encoding: .utf8)
        #expect(yaml.contains("\nencodings: [gzip]\n"))
        try yaml.replacingOccurrences(of: "\nencodings: [gzip]\n", with: "\nencodings: [gzip, br]\n")
            .write(to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        let build = try zonectl("build", in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let header = try #require(build.stdout.split(separator: "\n").first { $0.hasPrefix("city") })
        #expect(header.split(separator: " ").suffix(2) == ["gzip", "br"])

        let dist = dir.appendingPathComponent("dist")
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: dist.appendingPathComponent("manifest.json")))
        let report = try JSONSerialization.jsonObject(
            with: Data(contentsOf: dist.appendingPathComponent("report.json")))
        let total = try #require(((report as? [String: Any])?["total"] as? [String: Any])?["bytesBrotli"] as? Int)
        #expect(total == manifest.cities.reduce(0) { $0 + ($1.brotli?.encodedBytes ?? 0) })
        for city in manifest.cities {
            let br = try #require(city.brotli)
            let gzip = [UInt8](try Data(contentsOf: dist.appendingPathComponent(city.key)))
            let brotli = [UInt8](try Data(contentsOf: dist.appendingPathComponent(br.key)))
            #expect(try Brotli.decompress(brotli) == Gzip.decompress(gzip), "\(city.id)")
            #expect(brotli.count < gzip.count, "\(city.id)")
        }

        // A second build comes from the cache and writes the same bytes.
        let before = try artifactBytes(dist)
        let again = try zonectl("build", in: dir)
        #expect(again.stdout.contains("cities unchanged (cache)"))
        #expect(try artifactBytes(dist) == before)

        #expect(try zonectl("publish", in: dir).status == 0)
        let verify = try zonectl("verify", in: dir)
        #expect(verify.status == 0, "\(verify.stderr)")
        // Each zone artifact twice (gzip, br); the point files (gzip only) once.
        let pointFiles = (manifest.points ?? []).flatMap(\.cities).reduce(0) { $0 + 2 + $1.metatiles.count }
        #expect(pointFiles == 151)
        let objects = 2 * (manifest.cities.count + 1) + pointFiles
        #expect(verify.stdout.contains("\(objects) objects checked, 0 problems"), "\(verify.stdout)")

        let key = try #require(manifest.cities.first?.brotli?.key)
        try Data([0x1b, 0x00]).write(to: dir.appendingPathComponent("store/" + key))
        let broken = try zonectl("verify", in: dir)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains(key))
    }

    /// The artifacts of a build directory by path.
    func artifactBytes(_ dist: URL) throws -> [String: Data] {
        let paths = FileManager.default.subpaths(atPath: dist.path) ?? []
        return try Dictionary(
            uniqueKeysWithValues: paths.filter { $0.hasSuffix(".gz") || $0.hasSuffix(".br") }.map {
                ($0, try Data(contentsOf: dist.appendingPathComponent($0)))
            })
    }
}
