import Foundation
import Testing
import ZoneClient

/// Every local write follows the output rule of `build`: `style --out` replaces only a style
/// zonectl wrote, `diff --svg` and `sync --cache` only a directory zonectl made for them; the
/// zones, the config, a store and the user's files are refused (exit 2, nothing changed), and
/// `--force` lets a file or folder of the user's be used.
@Suite struct LocalWriteTests {
    /// Runs zonectl in `dir` and checks it refused `target` with `reason`, changing no file.
    func expectRefused(
        _ arguments: [String], in dir: URL, target: String, reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try expectRefusal(
            arguments, in: dir, refusal: "\(target): error: refusing to ", reason: reason,
            sourceLocation: sourceLocation)
    }

    @Test("style --out refuses the zones, the config, a store's manifest and a file of the user's; --force overrides")
    func styleOut() throws {
        let dir = try sampleWorkspace(userFile: true, publish: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let style = ["style", "--from", "dist", "--base-url", "http://127.0.0.1:1/", "--out"]
        for (target, reason) in [
            ("zones/bari.geojson", "it lies inside the zone sources (zones) (--force overrides)"),
            ("pipeline.yml", "it is the config (pipeline.yml) (--force overrides)"),
            ("store/manifest.json", "it lies inside a zonectl local store"),
            ("dist/style.json", "it lies inside the style's source (--from) (dist)"),
            ("notes.txt", "it exists and is not a MapLibre style zonectl wrote (--force overrides)"),
        ] {
            try expectRefused(style + [target], in: dir, target: target, reason: reason)
        }
        try expectRefused(style + ["zones"], in: dir, target: "zones", reason: "it is a directory")

        // Its own output is replaced (atomically: no temporary file is left).
        let first = try run(TestPaths.zonectl.path, style + ["style.json"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try zonectl(
            "style", "--from", "dist", "--base-url", "https://cdn.example.com/zones/", "--out", "style.json", in: dir)
        #expect(second.status == 0, "\(second.stderr)")
        let written = try String(contentsOf: dir.appendingPathComponent("style.json"), encoding: .utf8)
        #expect(written.contains("https://cdn.example.com/zones/manifest.json"))
        #expect(try fileTree(dir).keys.allSatisfy { !$0.contains(".zonectl-tmp-") })

        // --force replaces a file of the user's.
        let forced = try run(TestPaths.zonectl.path, style + ["notes.txt", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        let notes = try Data(contentsOf: dir.appendingPathComponent("notes.txt"))
        #expect(String(decoding: notes, as: UTF8.self).contains("\"zonectl:manifest\""))
    }

    @Test("diff --svg refuses the zones, the config, a store's manifest and a folder of the user's; --force overrides")
    func diffSVG() throws {
        let dir = try sampleWorkspace(userFile: true, publish: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let diff = ["diff", "--no-cache", "--against", "empty", "--svg"]
        for (target, reason) in [
            ("zones/bari.geojson", "it lies inside the zone sources (zones)"),
            ("pipeline.yml", "it is the config (pipeline.yml)"),
            ("store/manifest.json", "it exists and is not a directory (a file in the zonectl local store"),
            ("notes.txt", "it exists and is not a directory"), ("store", "it holds a zonectl local store"),
        ] {
            try expectRefused(diff + [target], in: dir, target: target, reason: reason)
        }
        let mine = dir.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "keep".write(to: mine.appendingPathComponent("bari.txt"), atomically: true, encoding: .utf8)
        try expectRefused(diff + ["mine"], in: dir, target: "mine", reason: "has no .zonectl-owned marker")
        try expectRefused(diff + ["mine"], in: dir, target: "mine", reason: "(--force overrides)")

        for _ in 0..<2 {  // the second run replaces what the first wrote
            let r = try run(TestPaths.zonectl.path, diff + ["pictures"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(
                try fileTree(dir.appendingPathComponent("pictures")).keys.filter { $0.hasSuffix(".svg") }.count == 2)
        }
        let forced = try run(TestPaths.zonectl.path, diff + ["mine", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        let inMine = try fileTree(mine)
        #expect(inMine["bari.txt"] == Data("keep".utf8))
        #expect(inMine.keys.filter { $0.hasSuffix(".svg") }.count == 2)
    }

    @Test(
        "sync --cache refuses the zones, the config, a store's manifest and a folder of the user's; --force overrides")
    func syncCache() throws {
        let dir = try sampleWorkspace(userFile: true, publish: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let sync = ["sync", "--from", "store", "--cache"]
        for (target, reason) in [
            ("zones/bari.geojson", "it lies inside the zone sources (zones)"),
            ("zones/cache", "it lies inside the zone sources (zones)"),
            ("pipeline.yml", "it is the config (pipeline.yml)"),
            ("store/manifest.json", "it lies inside the source store (store)"),
            ("notes.txt", "it exists and is not a directory"), ("dist", "it is the build output (dist)"),
        ] {
            try expectRefused(sync + [target], in: dir, target: target, reason: reason)
        }
        let mine = dir.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "keep".write(to: mine.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try expectRefused(sync + ["mine"], in: dir, target: "mine", reason: "has no .zonectl-owned marker")
        try expectRefused(sync + ["mine"], in: dir, target: "mine", reason: "(--force overrides)")

        let first = try run(TestPaths.zonectl.path, sync + ["cache"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try run(TestPaths.zonectl.path, sync + ["cache"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("already current"), "\(again.stdout)")

        let forced = try run(TestPaths.zonectl.path, sync + ["mine", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        let inMine = try fileTree(mine)
        #expect(inMine["notes.txt"] == Data("keep".utf8))
        let cached = try ZoneManifest.decode([UInt8](try #require(inMine["manifest.json"])))
        let published = try DirectoryStore(root: dir.appendingPathComponent("store").path).manifest()
        #expect(cached.version == published.version)
    }
}
