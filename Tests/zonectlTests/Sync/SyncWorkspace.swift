import Foundation
import Testing
import ZoneClient

/// The sample zones published twice to ./store: version 1 (all sample cities), then version 2
/// (one city deleted, one city with a zone less), with a copy of each store as it was.
struct SyncWorkspace {
    let dir: URL
    /// manifest.json of each version, and the copies of the store at each.
    let v1: URL, v2: URL
    let manifest1: [UInt8], manifest2: [UInt8]

    var store: URL { dir.appendingPathComponent("store") }

    init() throws {
        dir = try temporaryDirectory()
        let zones = dir.appendingPathComponent("zones")
        try FileManager.default.copyItem(at: TestPaths.root.appendingPathComponent("zones"), to: zones)
        try "zones: zones\noutput: dist\npublish:\n  target: store\n".write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        v1 = dir.appendingPathComponent("store-v1")
        v2 = dir.appendingPathComponent("store-v2")
        try Self.publish(in: dir)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("store"), to: v1)
        try FileManager.default.removeItem(at: zones.appendingPathComponent("bari.geojson"))
        let edit = try run(
            TestPaths.python,
            [
                "-c",
                "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['features'].pop(); json.dump(d, open(p,'w'))",
                zones.appendingPathComponent("copenhagen.geojson").path,
            ])
        try #require(edit.status == 0, "\(edit.stderr)")
        sleep(1)  // versions are stamped to the second
        try Self.publish(in: dir)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("store"), to: v2)
        manifest1 = [UInt8](try Data(contentsOf: v1.appendingPathComponent("manifest.json")))
        manifest2 = [UInt8](try Data(contentsOf: v2.appendingPathComponent("manifest.json")))
        try #require(manifest1 != manifest2)
    }

    private static func publish(in dir: URL) throws {
        let build = try zonectl("build", in: dir)
        try #require(build.status == 0, "\(build.stderr)")
        let publish = try zonectl("publish", in: dir)
        try #require(publish.status == 0, "\(publish.stderr)")
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }

    /// The files a client cache of a manifest holds: of each artifact, the object a sync
    /// fetches (brotli when listed), decoded, at its key without `.gz` or `.br`.
    static func keys(_ manifest: [UInt8]) throws -> Set<String> {
        Set(
            try ZoneManifest.decode(manifest).objects.map {
                cacheKey($0.object(preferring: ZoneEncoding.preferred).key)
            })
    }

    /// The keys of a store's manifest entries (the published objects).
    static func storeKeys(_ manifest: [UInt8]) throws -> Set<String> {
        Set(try ZoneManifest.decode(manifest).objects.map(\.key))
    }

    /// A published key's decoded file in a cache.
    static func cacheKey(_ key: String) -> String {
        key.hasSuffix(".gz") || key.hasSuffix(".br") ? String(key.dropLast(3)) : key
    }

    /// Which version `cache` holds, after checking it is complete: its manifest is one of the
    /// two (its version, and exactly the files ``keys(_:)`` names), and every file it names is
    /// present, decoded, with its size and SHA-256.
    /// 0 when the cache has no manifest.json (a sync into an empty cache that did not switch).
    func cachedVersion(_ cache: URL) throws -> Int {
        let path = cache.appendingPathComponent("manifest.json")
        guard FileManager.default.fileExists(atPath: path.path) else { return 0 }
        let manifest = try ZoneManifest.decode([UInt8](try Data(contentsOf: path)))
        let published = [manifest1, manifest2].map { try? ZoneManifest.decode($0) }
        let version = manifest.version == published[0]?.version ? 1 : manifest.version == published[1]?.version ? 2 : 0
        try #require(version != 0, "the cache's manifest.json is neither version")
        #expect(Set(manifest.objects.map(\.key)) == (try Self.keys(version == 1 ? manifest1 : manifest2)))
        let store = DirectoryStore(root: cache.path)
        for artifact in manifest.objects {
            #expect(artifact.contentEncoding == .identity)
            _ = try store.content(of: artifact)  // throws when missing, short or corrupt
        }
        return version
    }
}

/// Runs `zonectl sync --format json` and decodes what it printed.
func syncJSON(_ from: String, _ cache: URL, in dir: URL, extra: [String] = []) throws -> (
    status: Int32, report: SyncJSON?, stderr: String
) {
    let r = try run(
        TestPaths.zonectl.path, ["sync", "--from", from, "--out", cache.path, "--format", "json"] + extra, in: dir)
    return (r.status, try? JSONDecoder().decode(SyncJSON.self, from: Data(r.stdout.utf8)), r.stderr)
}

/// `zonectl sync --format json`'s output.
struct SyncJSON: Decodable {
    var status: String
    var from: String?
    var to: String?
    var fetched: [String]
    var removed: [String]
    var bytesFetched: Int
}
