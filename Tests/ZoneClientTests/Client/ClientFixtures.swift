import ClientTestSupport
import Foundation
import Testing
import ZoneClient

/// The sample zones published twice with gzip and brotli objects (Fixtures/store-v1, then
/// store-v2: one city gone, one city with a zone less), copied into a temporary directory the
/// test owns, with a loopback server on demand.
struct ClientFixtures {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoneclient-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for version in ["store-v1", "store-v2"] {
            let source = try #require(Bundle.module.url(forResource: "Fixtures/\(version)", withExtension: nil))
            try FileManager.default.copyItem(at: source, to: dir.appendingPathComponent(version))
        }
    }

    var v1: URL { dir.appendingPathComponent("store-v1") }
    var v2: URL { dir.appendingPathComponent("store-v2") }
    var cache: URL { dir.appendingPathComponent("cache") }
    /// The directory the loopback server serves: a copy of a version, replaced by ``serve(_:)``.
    var served: URL { dir.appendingPathComponent("served") }

    /// Makes `version` the served store.
    func serve(_ version: URL) throws {
        try? FileManager.default.removeItem(at: served)
        try FileManager.default.copyItem(at: version, to: served)
    }

    /// A loopback server serving `version` (``served``), and a client of it caching in ``cache``.
    func client(of version: URL, configuration: ZoneClient.Configuration = .init()) throws -> (
        LoopbackStore, ZoneClient
    ) {
        try serve(version)
        let server = try LoopbackStore(serving: served)
        return (server, ZoneClient(store: server.url, cache: cache, configuration: configuration))
    }

    func manifest(_ store: URL) throws -> ZoneManifest { try DirectoryStore(root: store.path).manifest() }

    /// The decoded files a cache of `store` holds, with `manifest.json`.
    func cacheFiles(of store: URL) throws -> Set<String> {
        Set(try manifest(store).objects.map { Self.decodedKey($0.key) }).union(["manifest.json"])
    }

    static func decodedKey(_ key: String) -> String {
        key.hasSuffix(".gz") || key.hasSuffix(".br") ? String(key.dropLast(3)) : key
    }

    /// The cache's version, after checking every file its manifest names (size and SHA-256);
    /// nil without a manifest.
    func cachedVersion() throws -> String? {
        guard FileManager.default.fileExists(atPath: cache.appendingPathComponent("manifest.json").path) else {
            return nil
        }
        let check = try ZoneSync.check(cache: cache.path)
        #expect(check.problems.isEmpty, "\(check.problems)")
        return check.version
    }

    /// The visible files below the cache (hidden bookkeeping files left out).
    func visibleCacheFiles() throws -> Set<String> {
        var found: Set<String> = []
        let root = cache.standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(atPath: root) else { return [] }
        for case let path as String in walk {
            var isDirectory: ObjCBool = false
            let full = root + "/" + path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
                !path.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            else { continue }
            found.insert(path)
        }
        return found
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }
}
