import Foundation
import Testing

/// One word means one thing: `--from` reads (a build output, a store or a cache), `--target` is
/// the store published to or compared with, `--out` a local output. The old spellings
/// (`publish --dist`, `diff --against`, `sync --cache`) still work, hidden, and giving both
/// spellings of one option is a usage error.
@Suite struct FlagSpellingTests {
    @Test("publish --from, diff --target and sync --out do what --dist, --against and --cache did")
    func newAndOldSpellingsAgree() throws {
        let dir = try sampleWorkspace(build: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (flag, store) in [("--from", "store-new"), ("--dist", "store-old")] {
            let r = try zonectl("publish", flag, "dist", "--target", store, in: dir)
            try #require(r.status == 0, "publish \(flag): \(r.stderr)")
        }
        let published = try fileTree(dir.appendingPathComponent("store-new"))
        let artifacts = published.keys.filter { $0.hasSuffix(".gz") || $0.hasSuffix(".br") }
        #expect(!artifacts.isEmpty)
        let old = try fileTree(dir.appendingPathComponent("store-old"))
        for key in artifacts { #expect(old[key] == published[key], "\(key)") }

        for flag in ["--target", "--against"] {
            let r = try zonectl("diff", "--no-cache", flag, "store-new", "--exit-code", in: dir)
            #expect(r.status == 0, "diff \(flag): \(r.stderr)")
        }
        for (flag, cache) in [("--out", "cache-new"), ("--cache", "cache-old")] {
            let r = try zonectl("sync", "--from", "store-new", flag, cache, in: dir)
            #expect(r.status == 0, "sync \(flag): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(cache)/manifest.json").path))
        }
    }

    @Test("both spellings of one option, or sync without --out, are usage errors that write nothing")
    func bothSpellingsAreUsageErrors() throws {
        let dir = try sampleWorkspace(build: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try fileTree(dir)
        for (arguments, names) in [
            (["publish", "--from", "dist", "--dist", "dist", "--target", "store"], ["--dist", "--from"]),
            (["diff", "--target", "dist", "--against", "dist"], ["--against", "--target"]),
            (["sync", "--from", "dist", "--out", "a", "--cache", "b"], ["--cache", "--out"]),
            (["sync", "--from", "dist"], ["--out"]),
        ] {
            let r = try run(TestPaths.zonectl.path, arguments, in: dir)
            #expect(r.status == 64, "\(arguments): \(r.stderr)")
            for name in names { #expect(r.stderr.contains(name), "\(arguments): \(r.stderr)") }
        }
        #expect(try fileTree(dir) == before, "a usage error wrote something")
    }
}
