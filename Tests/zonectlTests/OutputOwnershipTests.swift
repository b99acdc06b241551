import Foundation
import Testing

/// zonectl writes and deletes only in directories it owns: new, empty, or marked by an earlier
/// zonectl write. Each refusal exits 2 before any work, names the directory and the reason, and
/// leaves every file where it was.
@Suite struct OutputOwnershipTests {
    /// Runs zonectl in `dir` and checks it refused `target` with `reason`, touching nothing.
    func expectRefused(
        _ arguments: [String], in dir: URL, target: String, reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try expectRefusal(
            arguments, in: dir, refusal: "\(target): error: refusing to use it as the ", reason: reason,
            sourceLocation: sourceLocation)
    }

    @Test(
        "build refuses an output that is the working directory, a parent, the zones, inside them, or holds foreign files"
    )
    func buildRefusesDirectoriesItDoesNotOwn() throws {
        let dir = try sampleWorkspace(userFile: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (output, reason) in [
            (".", "it is the working directory"), ("zones", "it is the zone sources (zones)"),
            ("..", "it is a parent of the working directory"), ("zones/out", "it lies inside the zone sources"),
        ] {
            try "output: \(output)\n".write(
                to: dir.appendingPathComponent("out.yml"), atomically: true, encoding: .utf8)
            try expectRefused(["build", "--config", "out.yml"], in: dir, target: output, reason: reason)
            try expectRefused(["build", "--out", output], in: dir, target: output, reason: reason)
        }
        let other = dir.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try "keep me".write(to: other.appendingPathComponent("data.csv"), atomically: true, encoding: .utf8)
        try expectRefused(
            ["build", "--out", "other"], in: dir, target: "other", reason: "has no .zonectl-owned marker")
        try expectRefused(
            ["build", "--out", dir.path], in: dir, target: dir.path, reason: "it is the working directory")
        // A symbolic link to the working directory is the working directory.
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("here").path, withDestinationPath: dir.path)
        try expectRefused(["build", "--out", "here"], in: dir, target: "here", reason: "it is the working directory")
        // A config file inside the output.
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("conf"), withIntermediateDirectories: true)
        try "output: dist\n".write(to: dir.appendingPathComponent("conf/p.yml"), atomically: true, encoding: .utf8)
        try expectRefused(
            ["build", "--config", "conf/p.yml", "--out", "conf"], in: dir, target: "conf",
            reason: "it contains the config (conf/p.yml)")
    }

    @Test("the cache, a local store and the SVG directory follow the same rule")
    func otherWritersRefuseDirectoriesTheyDoNotOwn() throws {
        let dir = try sampleWorkspace(userFile: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try expectRefused(
            ["build", "--cache", "."], in: dir, target: "dist", reason: "it lies inside the build cache (.)")
        try expectRefused(
            ["build", "--cache", "zones"], in: dir, target: "zones", reason: "it is the zone sources (zones)")
        let built = try zonectl("build", in: dir)
        #expect(built.status == 0, "\(built.stderr)")
        try expectRefused(["publish", "--target", "."], in: dir, target: ".", reason: "it is the working directory")
        try expectRefused(
            ["publish", "--target", "zones"], in: dir, target: "zones", reason: "it is the zone sources (zones)")
        try expectRefused(
            ["publish", "--target", "dist"], in: dir, target: "dist", reason: "it is the build output (dist)")
        try expectRefused(
            ["rollback", "--target", "..", "20000101T000000Z"], in: dir, target: "..",
            reason: "it is a parent of the working directory")
        try expectRefused(
            ["diff", "--against", "dist", "--svg", "zones"], in: dir, target: "zones",
            reason: "it is the zone sources (zones)")
        try expectRefused(
            ["diff", "--against", "dist", "--svg", "."], in: dir, target: ".", reason: "it is the working directory")
    }

    @Test("in its own directory a build replaces only what the last build wrote; an old zonectl output is recognised")
    func rebuildKeepsFilesItDidNotWrite() throws {
        let dir = try sampleWorkspace(userFile: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try zonectl("build", "--no-cache", in: dir).status == 0)
        let dist = dir.appendingPathComponent("dist")
        let first = try fileTree(dist)
        try "mine".write(to: dist.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: dist.appendingPathComponent("zones/bari"), withIntermediateDirectories: true)
        try "mine".write(to: dist.appendingPathComponent("zones/bari/notes.txt"), atomically: true, encoding: .utf8)
        // A coarser grid changes every artifact's name: the old ones go, the user's stay.
        try "output: dist\nprecision: 5\n".write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        let r = try zonectl("build", "--no-cache", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let second = try fileTree(dist)
        #expect(second["README.txt"] == Data("mine".utf8))
        #expect(second["zones/bari/notes.txt"] == Data("mine".utf8))
        let oldArtifacts = first.keys.filter { $0.hasSuffix(".gz") && $0.hasPrefix("zones/") }
        #expect(oldArtifacts.count == 2)
        for key in oldArtifacts { #expect(second[key] == nil, "\(key) of the first build is still there") }
        #expect(second.keys.filter { $0.hasPrefix("zones/copenhagen/") }.count == 1)
        #expect(!second.keys.contains { $0.contains(".zonectl-tmp-") })

        // Output from before the marker existed (manifest.json, report.json, zones/, styles/).
        try FileManager.default.removeItem(at: dist.appendingPathComponent(".zonectl-owned"))
        try FileManager.default.removeItem(at: dist.appendingPathComponent("README.txt"))
        try FileManager.default.removeItem(at: dist.appendingPathComponent("zones/bari/notes.txt"))
        #expect(try zonectl("build", "--no-cache", in: dir).status == 0)
        // But the same names beside a file of the user's are not zonectl's.
        try FileManager.default.removeItem(at: dist.appendingPathComponent(".zonectl-owned"))
        try "x".write(to: dist.appendingPathComponent("thesis.tex"), atomically: true, encoding: .utf8)
        try expectRefused(["build", "--no-cache"], in: dir, target: "dist", reason: "has no .zonectl-owned marker")
    }

    @Test("a directory owned for one use is refused for another")
    func kindsDoNotMix() throws {
        let dir = try sampleWorkspace(userFile: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try zonectl("build", "--no-cache", in: dir).status == 0)
        #expect(try zonectl("publish", "--target", "store", in: dir).status == 0)
        try expectRefused(
            ["build", "--out", "store"], in: dir, target: "store", reason: "it holds a zonectl local store")
        try expectRefused(
            ["publish", "--target", "dist2", "--dist", "dist2"], in: dir, target: "dist2",
            reason: "it is the build output (dist2)")
    }
}
