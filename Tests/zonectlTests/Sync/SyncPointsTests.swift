import Foundation
import Testing
import ZoneClient

/// `zonectl sync --points all` (a mirror) of a store with a point layer (the sample `points/`,
/// enabled in the test's pipeline.yml; the default, band files only, is ClusterViewportTests'): the cache holds the band files and metatiles too, so `verify` of the cache
/// passes; a new version with one city's points changed fetches only that city's changed point
/// objects; a corrupt point object fails the sync with the cache as it was; an object added to
/// a point layer entry (a per-city `index`, which the pipeline does not write) is fetched too.
@Suite(.serialized, .tags(.python)) struct SyncPointsTests {
    /// The sample zones and points published twice to ./store: version 1, then version 2 with the
    /// last car of Rome removed; a copy of the store at each version.
    struct Workspace {
        let dir: URL
        let v1: URL, v2: URL
        let manifest1: [UInt8], manifest2: [UInt8]

        init() throws {
            dir = try temporaryDirectory()
            for item in ["zones", "points"] {
                try FileManager.default.copyItem(
                    at: TestPaths.root.appendingPathComponent(item), to: dir.appendingPathComponent(item))
            }
            try ("zones: zones\noutput: dist\npublish:\n  target: store\n" + StyleCommandPointsTests.layer).write(
                to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
            v1 = dir.appendingPathComponent("store-v1")
            v2 = dir.appendingPathComponent("store-v2")
            try Self.publish(in: dir)
            try FileManager.default.copyItem(at: dir.appendingPathComponent("store"), to: v1)
            let edit = try run(
                TestPaths.python,
                [
                    "-c",
                    "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['features'].pop(); json.dump(d, open(p,'w'))",
                    dir.appendingPathComponent("points/rome.geojson").path,
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
            for command in ["build", "publish"] {
                let r = try zonectl(command, in: dir)
                try #require(r.status == 0, "\(r.stderr)")
            }
        }

        func remove() { try? FileManager.default.removeItem(at: dir) }

        /// The point objects' files in a cache, read from the manifest's JSON without ZoneClient: every
        /// city's band file and metatiles.
        static func pointKeys(_ manifest: [UInt8]) throws -> Set<String> {
            let root = try #require(try JSONSerialization.jsonObject(with: Data(manifest)) as? [String: Any])
            var keys: Set<String> = []
            for layer in try #require(root["points"] as? [[String: Any]]) {
                for city in try #require(layer["cities"] as? [[String: Any]]) {
                    let band = try #require(city["band"] as? [String: Any])
                    let metatiles = try #require(city["metatiles"] as? [[String: Any]])
                    for file in [band] + metatiles {
                        keys.insert(SyncWorkspace.cacheKey(try #require(file["key"] as? String)))
                    }
                }
            }
            return keys
        }

        /// Checks every file the cache's manifest names (decoded: size, SHA-256) and that it is
        /// `manifest`'s version.
        func checkCache(_ cache: URL, holds manifest: [UInt8]) throws {
            let bytes = [UInt8](try Data(contentsOf: cache.appendingPathComponent("manifest.json")))
            #expect(try ZoneManifest.decode(bytes).version == (try ZoneManifest.decode(manifest).version))
            let store = DirectoryStore(root: cache.path)
            for artifact in try ZoneManifest.decode(bytes).objects { _ = try store.content(of: artifact) }
            #expect(try visibleFiles(cache) == (try SyncWorkspace.keys(manifest)).union(["manifest.json"]))
        }
    }

    @Test func theCacheHoldsThePointObjectsAndOnlyChangedOnesAreFetchedAgain() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let (keys1, keys2) = (try SyncWorkspace.keys(ws.manifest1), try SyncWorkspace.keys(ws.manifest2))
        let (points1, points2) = (try Workspace.pointKeys(ws.manifest1), try Workspace.pointKeys(ws.manifest2))
        try #require(points1.contains { $0.split(separator: "/").count > 4 }, "the sample layer has metatiles")
        #expect(points1.isSubset(of: keys1) && points2.isSubset(of: keys2))
        let served = ws.dir.appendingPathComponent("served")
        try FileManager.default.copyItem(at: ws.v1, to: served)
        let server = try StoreServer(serving: served, in: ws.dir)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"
        let cache = ws.dir.appendingPathComponent("client-cache")

        let first = try syncJSON(url, cache, in: ws.dir, extra: ["--points", "all"])
        try #require(first.status == 0, "\(first.stderr)")
        let fetched1 = try #require(first.report?.fetched)
        #expect(Set(fetched1) == keys1)
        #expect(fetched1.count == keys1.count)
        try ws.checkCache(cache, holds: ws.manifest1)
        let verify = try zonectl("verify", "--target", cache.path, in: ws.dir)
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        print(
            "sync of the sample store with points: \(fetched1.count) objects (\(points1.count) point objects), \(first.report?.bytesFetched ?? 0) bytes (manifest included)"
        )

        // zonectl style reads the cache as a store, point layers included.
        let style = try zonectl(
            "style", "--from", cache.path, "--base-url", "https://cdn.invalid/", "--out", "style.json", in: ws.dir)
        #expect(style.status == 0, "\(style.stderr)")
        let styleJSON = try String(contentsOf: ws.dir.appendingPathComponent("style.json"), encoding: .utf8)
        #expect(styleJSON.contains("https://cdn.invalid/points/cars/rome/"))

        // Version 2: only Rome's changed point objects are fetched; those no longer named go.
        try FileManager.default.removeItem(at: served)
        try FileManager.default.copyItem(at: ws.v2, to: served)
        let before = try String(contentsOf: server.log, encoding: .utf8).split(separator: "\n").count
        let second = try syncJSON(url, cache, in: ws.dir, extra: ["--points", "all"])
        try #require(second.status == 0, "\(second.stderr)")
        let added = keys2.subtracting(keys1)
        #expect(!added.isEmpty && added.allSatisfy { $0.hasPrefix("points/cars/rome/") }, "\(added)")
        #expect(Set(second.report?.fetched ?? []) == added)
        #expect(Set(second.report?.removed ?? []) == keys1.subtracting(keys2))
        let gets = try String(contentsOf: server.log, encoding: .utf8).split(separator: "\n").dropFirst(before)
        #expect(gets.count == 1 + added.count, "\(gets)")
        print(
            "second version (one city's points changed): \(added.count) objects fetched, \(keys1.subtracting(keys2).count) removed, \(second.report?.bytesFetched ?? 0) bytes (manifest included)"
        )
        try ws.checkCache(cache, holds: ws.manifest2)
        let verify2 = try zonectl("verify", "--target", cache.path, in: ws.dir)
        #expect(verify2.status == 0, "\(verify2.stdout) \(verify2.stderr)")

        // A cache missing a point object its manifest names (as one synced by a client that
        // fetched no point objects) does not trust the 304: the missing object is fetched.
        let lost = try #require(points2.sorted().first)
        try FileManager.default.removeItem(at: cache.appendingPathComponent(lost))
        let repair = try syncJSON(url, cache, in: ws.dir, extra: ["--points", "all"])
        try #require(repair.status == 0, "\(repair.stderr)")
        #expect(repair.report?.fetched == [lost])
        try ws.checkCache(cache, holds: ws.manifest2)
        let again = try syncJSON(url, cache, in: ws.dir, extra: ["--points", "all"])
        #expect(again.status == 0 && again.report?.status == "current" && again.report?.bytesFetched == 0)
    }

    @Test func aCorruptPointObjectFailsTheSyncAndLeavesTheCache() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        let first = try syncJSON(ws.v1.path, cache, in: ws.dir, extra: ["--points", "all"])
        try #require(first.status == 0, "\(first.stderr)")
        try #require(Set(first.report?.fetched ?? []).isSuperset(of: try Workspace.pointKeys(ws.manifest1)))
        let before = try Data(contentsOf: cache.appendingPathComponent("manifest.json"))

        // One byte of a new Rome point object flipped in version 2: same size, wrong content.
        let changed = try Workspace.pointKeys(ws.manifest2).subtracting(try SyncWorkspace.keys(ws.manifest1))
        let key = try #require(changed.sorted().first)
        let storeKey = try #require(
            try SyncWorkspace.storeKeys(ws.manifest2).first { SyncWorkspace.cacheKey($0) == key })
        let object = ws.v2.appendingPathComponent(storeKey)
        var bytes = [UInt8](try Data(contentsOf: object))
        bytes[bytes.count / 2] ^= 0xff
        try Data(bytes).write(to: object)

        let r = try syncJSON(ws.v2.path, cache, in: ws.dir, extra: ["--points", "all"])
        #expect(r.status == 2)
        #expect(r.stderr.contains(storeKey), "\(r.stderr)")
        #expect(try Data(contentsOf: cache.appendingPathComponent("manifest.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent(key).path))
        try ws.checkCache(cache, holds: ws.manifest1)
        let verify = try zonectl("verify", "--target", cache.path, in: ws.dir)
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
    }

    /// The manifest of version 1 with each city's point `index` replaced by another object
    /// (any object of an entry with `key` and `sha256` is synced), put in the store.
    static let addIndex = """
        import gzip, hashlib, json, os, sys
        store = sys.argv[1]
        path = os.path.join(store, 'manifest.json')
        manifest = json.load(open(path))
        for layer in manifest['points']:
            for city in layer['cities']:
                content = json.dumps({'city': city['id'], 'points': city['points']}).encode()
                stored = gzip.compress(content)
                sha = hashlib.sha256(content).hexdigest()
                key = 'points/%s/%s/index/%s.json.gz' % (layer['layer'], city['id'], sha)
                os.makedirs(os.path.dirname(os.path.join(store, key)), exist_ok=True)
                open(os.path.join(store, key), 'wb').write(stored)
                city['index'] = {'key': key, 'sha256': sha, 'bytes': len(content), 'encodedBytes': len(stored),
                                 'features': city['points']}
        json.dump(manifest, open(path, 'w'))
        """

    @Test func anObjectAddedToAPointLayerEntryIsFetchedToo() async throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let extended = ws.dir.appendingPathComponent("store-extended")
        try FileManager.default.copyItem(at: ws.v1, to: extended)
        let edit = try run(TestPaths.python, ["-c", Self.addIndex, extended.path])
        try #require(edit.status == 0, "\(edit.stderr)")
        let manifest = [UInt8](try Data(contentsOf: extended.appendingPathComponent("manifest.json")))
        let indexKeys = try SyncWorkspace.keys(manifest).filter { $0.contains("/index/") }
        try #require(indexKeys.count == 3, "\(indexKeys)")  // paris, rome, copenhagen

        let cache = ws.dir.appendingPathComponent("cache")
        let first = try await ZoneSync(transport: DirectoryStore(root: ws.v1.path), cache: cache, points: .all).run()
        #expect(Set(first.fetched) == (try SyncWorkspace.keys(ws.manifest1)))
        let report = try await ZoneSync(transport: DirectoryStore(root: extended.path), cache: cache, points: .all)
            .run()
        #expect(Set(report.fetched) == indexKeys)
        try ws.checkCache(cache, holds: manifest)
        let verify = try zonectl("verify", "--target", cache.path, in: ws.dir)
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
    }
}
