import Foundation
import Testing

/// `zonectl build` end to end on the real cities: deterministic artifacts, a manifest that
/// matches its schema and files, artifacts that GDAL and shapely read, and no output on errors.
@Suite(.serialized) struct BuildCommandTests {
    static let zones = TestPaths.fixtures.appendingPathComponent("zones-real").path

    @Test(.tags(.python, .gdal)) func realCitiesBuildDeterministicallyAndCheckOut() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = try zonectl("build", "--zones", Self.zones, "--out", "one", "--jobs", "1", in: dir)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("total "))
        let two = try zonectl("build", "--zones", Self.zones, "--out", "two", "--jobs", "2", in: dir)
        #expect(two.status == 0, "\(two.stderr)")

        // Byte-identical artifacts whatever the thread count.
        let a = try artifactFiles(dir.appendingPathComponent("one"))
        let b = try artifactFiles(dir.appendingPathComponent("two"))
        #expect(a.count == 43)  // 42 cities + the style table
        #expect(a == b)

        // Schema, hashes, sizes, style/bbox on every feature, decimals, validity (shapely).
        let result = try checkArtifacts(dir.appendingPathComponent("one"))
        #expect(result["cities"] as? Int == 42)
        #expect(result["invalid"] as? Int == 0)
        #expect((result["problems"] as? [String])?.isEmpty == true, "\(result["problems"] ?? "")")
        #expect((result["features"] as? Int ?? 0) >= 42 * 3)

        // GDAL reads every artifact through /vsigzip/ without a warning.
        for file in a.keys where file.hasPrefix("zones/") {
            let path = dir.appendingPathComponent("one").appendingPathComponent(file).path
            let info = try run("ogrinfo", ["-ro", "-al", "-so", "/vsigzip/" + path])
            #expect(info.status == 0)
            #expect(
                !info.stdout.contains("Warning") && !info.stderr.contains("Warning") && !info.stderr.contains("ERROR"),
                "\(file): \(info.stderr)")
            #expect(info.stdout.contains("Geometry: Multi Polygon"))
        }
    }

    /// Shapes at the 180th meridian (split, drawn past 180, with 360° jumps, on both sides):
    /// valid artifacts whose every box runs through the antimeridian (west > east), checked by
    /// shapely and by a brute-force box in check_artifacts.py; GDAL reads them.
    @Test(.tags(.python, .gdal)) func antimeridianShapesBuildWithBoxesThroughTheAntimeridian() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zones = TestPaths.fixtures.appendingPathComponent("antimeridian").path
        let r = try zonectl("build", "--zones", zones, "--out", "dist", "--no-cache", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let result = try checkArtifacts(dir.appendingPathComponent("dist"))
        #expect(result["cities"] as? Int == 5)
        #expect(result["invalid"] as? Int == 0)
        #expect(result["spanning"] as? Int == 5)
        #expect((result["problems"] as? [String])?.isEmpty == true, "\(result["problems"] ?? "")")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("dist/manifest.json")))
                as? [String: Any])
        for city in try #require(manifest["cities"] as? [[String: Any]]) {
            let bbox = try #require(city["bbox"] as? [Double])
            #expect(bbox[0] > bbox[2], "\(city["id"] ?? ""): \(bbox)")
            let path = dir.appendingPathComponent("dist").appendingPathComponent(try #require(city["key"] as? String))
                .path
            let info = try run("ogrinfo", ["-ro", "-al", "-so", "/vsigzip/" + path])
            #expect(info.status == 0 && info.stdout.contains("Geometry: Multi Polygon"), "\(info.stderr)")
        }
    }

    /// A zone round a pole cannot be split at ±180: the build refuses it where the ring crosses.
    @Test func zoneRoundAPoleIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("zones"), withIntermediateDirectories: true)
        let arctic = """
            {"type":"Feature","properties":{"city":"arctic","style":"p"},"geometry":{"type":"Polygon","coordinates":[
            [[0,80],[120,80],[-120,80],[0,80]]]}}
            """
        try arctic.write(to: dir.appendingPathComponent("zones/arctic.geojson"), atomically: true, encoding: .utf8)
        let r = try zonectl("build", "--zones", "zones", "--out", "dist", in: dir)
        #expect(r.status == 1)
        #expect(
            r.stderr.contains(
                "zones/arctic.geojson:2:18: error: ring crosses the antimeridian an odd number of times (1) and so goes round the north pole"
            ), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist").path))
    }

    @Test func validationErrorsLeaveThePreviousOutputAlone() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good =
            #"{"type":"Feature","properties":{"city":"x","style":"p"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}}"#
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("zones"), withIntermediateDirectories: true)
        try good.write(to: dir.appendingPathComponent("zones/a.geojson"), atomically: true, encoding: .utf8)
        let first = try zonectl("build", "--zones", "zones", "--out", "dist", in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try artifactFiles(dir.appendingPathComponent("dist"))
        let manifest = try Data(contentsOf: dir.appendingPathComponent("dist/manifest.json"))

        try #"{"type":"Feature","properties":{"city":"x"},"geometry":null}"#.write(
            to: dir.appendingPathComponent("zones/b.geojson"), atomically: true, encoding: .utf8)
        let failed = try zonectl("build", "--zones", "zones", "--out", "dist", in: dir)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("zones/b.geojson:1:1: error: feature has no \"style\" property"))
        #expect(failed.stderr.contains("nothing was written"))
        #expect(try artifactFiles(dir.appendingPathComponent("dist")) == before)
        #expect(try Data(contentsOf: dir.appendingPathComponent("dist/manifest.json")) == manifest)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".dist") }
        #expect(leftovers.isEmpty)
    }

    @Test func jsonFormatPrintsTheReport() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl(
            "build", "--zones", TestPaths.root.appendingPathComponent("zones").path, "--out", "dist", "--format",
            "json", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let total = try #require(report["total"] as? [String: Any])
        #expect(total["outputFeatures"] as? Int == 26)
        // Simplification (1 m by default) moved no border farther than the tolerance plus a grid cell.
        let deviation = try #require(total["maxDeviationM"] as? Double)
        #expect(deviation > 0 && deviation <= 1.0 + 0.11)
        #expect((total["verticesBeforeSimplify"] as? Int ?? 0) > (total["verticesOut"] as? Int ?? .max))
        #expect((report["cities"] as? [Any])?.count == 7)
        let written = try Data(contentsOf: dir.appendingPathComponent("dist/report.json"))
        let onDisk = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect((onDisk["total"] as? [String: Any])?["bytesGzip"] as? Int == total["bytesGzip"] as? Int)
    }

    @Test func unchangedCitiesComeFromTheCache() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: TestPaths.root.appendingPathComponent("zones"), to: dir.appendingPathComponent("zones"))
        let first = try zonectl("build", "--zones", "zones", "--out", "a", in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.contains("(cache)"))
        let second = try zonectl("build", "--zones", "zones", "--out", "b", in: dir)
        #expect(second.stdout.contains("7 of 7 cities unchanged (cache)"))
        #expect(try artifactFiles(dir.appendingPathComponent("a")) == artifactFiles(dir.appendingPathComponent("b")))

        // Move one vertex of Paris: only Paris is rebuilt, and only its artifact changes.
        let paris = dir.appendingPathComponent("zones/paris.geojson")
        let text = try String(contentsOf: paris, encoding: .utf8)
        try text.replacingOccurrences(of: "2.339999", with: "2.338999").write(
            to: paris, atomically: true, encoding: .utf8)
        let third = try zonectl("build", "--zones", "zones", "--out", "c", "--format", "json", in: dir)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(third.stdout.utf8)) as? [String: Any])
        #expect(report["cachedCities"] as? Int == 6)
        let before = try artifactFiles(dir.appendingPathComponent("b"))
        let after = try artifactFiles(dir.appendingPathComponent("c"))
        #expect(Set(before.keys).subtracting(after.keys).map { $0.split(separator: "/")[1] } == ["paris"])
        #expect(before.count == after.count)

        let uncached = try zonectl("build", "--zones", "zones", "--out", "d", "--no-cache", in: dir)
        #expect(!uncached.stdout.contains("(cache)"))
        #expect(try artifactFiles(dir.appendingPathComponent("d")) == after)
    }

    /// check_artifacts.py's findings on a build output (6 decimals); the script must exit 0.
    func checkArtifacts(_ dist: URL) throws -> [String: Any] {
        let check = try run(
            TestPaths.python,
            [
                TestPaths.scripts.appendingPathComponent("check_artifacts.py").path, dist.path,
                TestPaths.root.appendingPathComponent("docs/manifest.schema.json").path, "6",
            ])
        #expect(check.status == 0, "\(check.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    }

    /// Artifact paths (zones/, styles/) → bytes.
    func artifactFiles(_ dist: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for sub in ["zones", "styles"] {
            let base = dist.appendingPathComponent(sub)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let rel = walker.nextObject() as? String {
                let url = base.appendingPathComponent(rel)
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue {
                    out[sub + "/" + rel] = try Data(contentsOf: url)
                }
            }
        }
        return out
    }
}
