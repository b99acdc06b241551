import Foundation
import Testing
import ZoneClient

/// `zonectl sync` on a damaged cache (objects deleted, truncated, or changed in place): it fetches
/// them again and says so, and `lookup` on such a cache names the object and what repairs it.
@Suite(.serialized, .tags(.python)) struct SyncRepairTests {
    @Test func missingAndTruncatedObjectsAreFetchedAgain() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        try #require(try syncJSON(ws.v1.path, cache, in: ws.dir).status == 0)
        let keys = try cachedManifest(cache).cities.map(\.artifact.key)
        let (deleted, truncated) = (keys[0], keys[1])
        try FileManager.default.removeItem(at: cache.appendingPathComponent(deleted))
        let handle = try FileHandle(forWritingTo: cache.appendingPathComponent(truncated))
        try handle.truncate(atOffset: 10)
        try handle.close()
        let version = try ZoneManifest.decode(ws.manifest1).version

        let text = try zonectl("sync", "--from", ws.v1.path, "--cache", cache.path, in: ws.dir)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.hasPrefix("repaired 2 objects (1 missing, 1 wrong size) at version \(version)"),
            "\(text.stdout)")
        #expect(!text.stdout.contains("already current"))
        #expect(try ws.cachedVersion(cache) == 1)

        // Repaired again, reported as JSON: each object with what was wrong.
        try FileManager.default.removeItem(at: cache.appendingPathComponent(truncated))
        let json = try zonectl("sync", "--from", ws.v1.path, "--cache", cache.path, "--format", "json", in: ws.dir)
        let report = try JSONDecoder().decode(RepairJSON.self, from: Data(json.stdout.utf8))
        #expect(report.status == "repaired")
        #expect(report.fetched == [truncated])
        #expect(report.repaired == [.init(key: truncated, damage: "missing")])
        #expect(try ws.cachedVersion(cache) == 1)

        let current = try zonectl("sync", "--from", ws.v1.path, "--cache", cache.path, in: ws.dir)
        #expect(current.stdout.hasPrefix("already current at version \(version)"), "\(current.stdout)")
        let lookup = try zonectl("lookup", "--from", cache.path, "12.57", "55.68", in: ws.dir)
        #expect(lookup.status == 0 && lookup.stdout.contains("\"city\":\"copenhagen\""), "\(lookup.stderr)")
    }

    @Test func verifyRehashesAndRepairsChangedContent() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        try #require(try syncJSON(ws.v1.path, cache, in: ws.dir).status == 0)
        let city = try #require(try cachedManifest(cache).city("copenhagen"))
        let object = cache.appendingPathComponent(city.artifact.key)
        var bytes = [UInt8](try Data(contentsOf: object))
        bytes[bytes.count / 2] ^= 0xff  // same size, other content
        try Data(bytes).write(to: object)

        // A stat finds nothing; lookup names the object and what repairs it.
        let plain = try zonectl("sync", "--from", ws.v1.path, "--cache", cache.path, in: ws.dir)
        #expect(plain.stdout.hasPrefix("already current"), "\(plain.stdout)")
        let broken = try zonectl("lookup", "--from", cache.path, "12.57", "55.68", in: ws.dir)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains(city.artifact.key), "\(broken.stderr)")
        #expect(broken.stderr.contains("zonectl sync"), "\(broken.stderr)")

        let verify = try zonectl("sync", "--from", ws.v1.path, "--cache", cache.path, "--verify", in: ws.dir)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.hasPrefix("repaired 1 object (1 wrong content) at version"), "\(verify.stdout)")
        #expect(try ws.cachedVersion(cache) == 1)
        let again = try zonectl("sync", "--from", ws.v1.path, "--cache", cache.path, "--verify", in: ws.dir)
        #expect(again.stdout.hasPrefix("already current"), "\(again.stdout)")
        let lookup = try zonectl("lookup", "--from", cache.path, "12.57", "55.68", in: ws.dir)
        #expect(lookup.status == 0 && lookup.stdout.contains("\"city\":\"copenhagen\""), "\(lookup.stderr)")
    }

    @Test func lookupOnAMissingObjectNamesItAndTheRepair() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        try #require(try syncJSON(ws.v1.path, cache, in: ws.dir).status == 0)
        let key = try #require(try cachedManifest(cache).city("copenhagen")).artifact.key
        try FileManager.default.removeItem(at: cache.appendingPathComponent(key))
        let r = try zonectl("lookup", "--from", cache.path, "12.57", "55.68", in: ws.dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(key): missing from the store"), "\(r.stderr)")
        #expect(r.stderr.contains("zonectl sync --from STORE --out \(cache.path) repairs it"), "\(r.stderr)")
        // A store that is not a sync's cache gets no such advice.
        let storeKey = try #require(try DirectoryStore(root: ws.v1.path).manifest().city("copenhagen")).artifact.key
        try FileManager.default.removeItem(at: ws.v1.appendingPathComponent(storeKey))
        let store = try zonectl("lookup", "--from", ws.v1.path, "12.57", "55.68", in: ws.dir)
        #expect(store.status == 2 && store.stderr.contains(storeKey) && !store.stderr.contains("zonectl sync"))
    }
}

/// The manifest a cache holds (it names the objects of the encoding the cache keeps).
private func cachedManifest(_ cache: URL) throws -> ZoneManifest {
    try ZoneManifest.decode([UInt8](try Data(contentsOf: cache.appendingPathComponent("manifest.json"))))
}

/// `zonectl sync --format json`'s output, with the repairs.
private struct RepairJSON: Decodable {
    struct Repair: Decodable, Equatable {
        var key: String
        var damage: String
    }
    var status: String
    var fetched: [String]
    var repaired: [Repair]
}
