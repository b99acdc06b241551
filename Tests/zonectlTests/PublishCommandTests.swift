import Foundation
import Testing

/// `zonectl publish`, `versions`, `verify`, `rollback` end to end against the local store.
@Suite struct PublishCommandTests {
    @Test func buildPublishVerifyAndRollBackTheSampleZones() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The sample zones and point layer with the repository's pipeline.yml.
        for item in ["zones", "points", "pipeline.yml"] {
            try FileManager.default.copyItem(
                at: TestPaths.root.appendingPathComponent(item), to: dir.appendingPathComponent(item))
        }
        #expect(try zonectl("build", in: dir).status == 0)

        let dry = try zonectl("publish", "--dry-run", in: dir)
        #expect(dry.status == 0)
        // 8 zone objects (7 cities, the style table) and 151 point files (the sample layer's 3
        // cities: band file, metatiles, point index).
        #expect(dry.stdout.hasPrefix("would upload 159 objects"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("store/manifest.json").path))

        let first = try zonectl("publish", in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("161 objects written"), "\(first.stdout)")
        #expect(first.stdout.contains("manifest: ./store/manifest.json"))
        #expect(!first.stdout.contains("requests:"), "a directory store makes no requests")
        let again = try zonectl("publish", in: dir)
        #expect(again.stdout.hasPrefix("up to date"))

        let verify = try zonectl("verify", in: dir)
        #expect(verify.status == 0)
        #expect(verify.stdout.contains("159 objects checked, 0 problems"), "\(verify.stdout)")

        // Tamper with an artifact: verify fails with exit 1 and names it.
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("store/manifest.json")))
                as? [String: Any])
        let key = try #require(((manifest["cities"] as? [[String: Any]])?.first?["key"]) as? String)
        try Data([0x1f, 0x8b]).write(to: dir.appendingPathComponent("store/" + key))
        let broken = try zonectl("verify", in: dir)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains(key))

        let versions = try zonectl("versions", in: dir)
        #expect(versions.stdout.split(separator: "\n").count == 1)
        #expect(versions.stdout.hasPrefix("*"))
        let missing = try zonectl("rollback", "19990101T000000Z", in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no version 19990101T000000Z on the target; kept: "), "\(missing.stderr)")
    }

    @Test func publishingWithoutABuildFails() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("publish", "--dist", "nothing", "--target", "store", in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("nothing/manifest.json: no build to publish (run zonectl build first)"))
    }
}
