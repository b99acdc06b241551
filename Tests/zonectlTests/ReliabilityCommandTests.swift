import Foundation
import Testing

/// End-to-end checks of defects found by mutating zone files and configs: city names that are
/// no file names, build I/O errors that name the city and path, output that reads well.
@Suite struct ReliabilityCommandTests {
    func square(city: String, x: Int, style: String = "parking") -> String {
        #"{"type":"Feature","properties":{"city":"\#(city)","style":"\#(style)"},"geometry":{"type":"Polygon","coordinates":[[[\#(x),0],[\#(x + 1),0],[\#(x + 1),1],[\#(x),1],[\#(x),0]]]}}"#
    }

    func write(_ features: [String], to dir: URL, name: String = "z.geojson") throws {
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("zones"), withIntermediateDirectories: true)
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}"
        try text.write(to: dir.appendingPathComponent("zones/" + name), atomically: true, encoding: .utf8)
    }

    @Test("a 256-byte city name builds into a bounded folder name; two such names sharing 255 bytes get two folders")
    func longCityNamesGetBoundedFolders() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let long = String(repeating: "a", count: 255)
        try write([square(city: long + "1", x: 0), square(city: long + "2", x: 2), square(city: "ok", x: 4)], to: dir)
        let r = try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("dist/manifest.json")))
                as? [String: Any])
        let keys = try #require(manifest["cities"] as? [[String: Any]]).compactMap { $0["key"] as? String }
        let folders = keys.map { $0.split(separator: "/")[1] }
        #expect(Set(folders).count == 3)
        #expect(folders.allSatisfy { $0.utf8.count <= 64 }, "\(folders)")
        #expect(folders.contains("ok"))
        for key in keys {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist/" + key).path))
        }
    }

    @Test("a build that cannot write an artifact names the city and the path, and exits 2")
    func writeErrorNamesCityAndPath() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write([square(city: "bari", x: 0)], to: dir)
        #expect(try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", in: dir).status == 0)
        // A file where the city's folder should be (root ignores permissions, so no chmod).
        let folder = dir.appendingPathComponent("dist/zones/bari")
        try FileManager.default.removeItem(at: folder)
        try "in the way".write(to: folder, atomically: true, encoding: .utf8)
        let r = try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("dist/zones/bari/"), "\(r.stderr)")
        #expect(r.stderr.contains("cannot write the artifact of city \"bari\""), "\(r.stderr)")
    }

    @Test("the build accounts for every feature: read = built + refused, with each refusal's reason")
    func everyFeatureIsAccountedFor() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let null = #"{"type":"Feature","properties":{"city":"bari","style":"parking"},"geometry":null}"#
        try write([square(city: "bari", x: 0), null, square(city: "bari", x: 2, style: "no-parking")], to: dir)
        let r = try zonectl("build", "--zones", "zones", "--out", "dist", "--format", "json", "--no-cache", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any])
        let account = try #require(report["features"] as? [String: Any])
        #expect(account["read"] as? Int == 3)
        #expect(account["built"] as? Int == 2)
        let refused = try #require(account["refused"] as? [[String: Any]])
        #expect(refused.count == 1)
        #expect(refused.first?["line"] as? Int == 2)
        #expect((refused.first?["reasons"] as? [String]) == ["Feature has a null geometry; it is skipped"])
        let text = try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", in: dir)
        #expect(text.stdout.contains("3 features read: 2 built, 1 refused"), "\(text.stdout)")
    }

    @Test(
        "validate summarises warnings by kind (count and first position); --verbose lists every one; 1 file, not 1 files"
    )
    func validateSummarisesWarnings() throws {
        let zones = TestPaths.root.appendingPathComponent("zones").path
        let quiet = try zonectl("validate", zones)
        #expect(quiet.status == 0)
        let verbose = try zonectl("validate", "--verbose", zones)
        let all = verbose.stderr.split(separator: "\n")
        let summarised = quiet.stderr.split(separator: "\n")
        #expect(all.count > 100)
        #expect(summarised.count < 10, "\(quiet.stderr)")
        let firsts = summarised.map { line in line.range(of: " (and ").map { line[..<$0.lowerBound] } ?? line }
        #expect(firsts.allSatisfy { all.contains($0) }, "\(firsts)")
        let counted = summarised.compactMap { line -> Int? in
            guard let range = line.range(of: " (and ") else { return 0 }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(counted.reduce(summarised.count, +) == all.count)
        // The same summary; --verbose adds one line per gap between zones (indented).
        #expect(
            quiet.stdout.split(separator: "\n").filter { !$0.hasPrefix("each gap with") }
                == verbose.stdout.split(separator: "\n").filter { !$0.hasPrefix("  ") })
        let one = try zonectl("validate", TestPaths.root.appendingPathComponent("zones/bari.geojson").path)
        #expect(one.stdout.hasPrefix("1 file, "), "\(one.stdout)")
    }
}
