import Foundation
import Testing
import ZoneClient

/// `zonectl sync` of a store built with `encodings: [gzip, br]`, served over loopback HTTP with
/// `Content-Encoding: br` on `.br` objects: the client fetches only the brotli objects (which
/// URLSession may hand over decoded), the cache's manifest names exactly their decoded files, and
/// `verify`, `lookup` and a second sync accept the cache.
@Suite(.serialized, .tags(.python)) struct SyncBrotliTests {
    /// The sample zones built with brotli (quality 11, the default) beside gzip and published to ./store.
    static func publishedStore(_ dir: URL) throws {
        try FileManager.default.copyItem(
            at: TestPaths.root.appendingPathComponent("zones"), to: dir.appendingPathComponent("zones"))
        try "zones: zones\noutput: dist\nencodings: [gzip, br]\npublish:\n  target: store\n".write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        for command in ["build", "publish"] {
            let r = try zonectl(command, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
        }
    }

    /// One position a city: the middle of its box, and a few around it.
    static func positions(_ manifest: ZoneManifest) -> String {
        var lines: [String] = []
        for city in manifest.cities {
            let (west, south, east, north) = (city.bbox.west, city.bbox.south, city.bbox.east, city.bbox.north)
            for (fx, fy) in [(0.5, 0.5), (0.3, 0.4), (0.7, 0.6), (0.45, 0.7), (0.6, 0.25)] {
                lines.append("\(west + (east - west) * fx),\(south + (north - south) * fy)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aBrotliStoreSyncsOnlyBrotliObjectsAndTheCacheIsAStore() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.publishedStore(dir)
        let store = dir.appendingPathComponent("store")
        let published = try DirectoryStore(root: store.path).manifest()
        try #require(published.objects.allSatisfy { $0.brotli != nil })
        let server = try StoreServer(serving: store, in: dir)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"

        let brCache = dir.appendingPathComponent("cache-br")
        let br = try syncJSON(url, brCache, in: dir)
        try #require(br.status == 0, "\(br.stderr)")
        let fetched = try #require(br.report?.fetched)
        #expect(Set(fetched) == Set(published.objects.compactMap { $0.brotli.map { SyncWorkspace.cacheKey($0.key) } }))
        let gets = try String(contentsOf: server.log, encoding: .utf8).split(separator: "\n")
        #expect(gets.filter { $0.contains(".gz ") }.isEmpty, "no gzip object was fetched: \(gets)")
        #expect(gets.count == 1 + published.objects.count)

        let gzCache = dir.appendingPathComponent("cache-gz")
        let gz = try zonectl(
            "sync", "--from", url, "--cache", gzCache.path, "--encodings", "gzip", "--format", "json", in: dir)
        try #require(gz.status == 0, "\(gz.stderr)")
        let gzReport = try JSONDecoder().decode(SyncJSON.self, from: Data(gz.stdout.utf8))
        #expect(Set(gzReport.fetched) == Set(published.objects.map { SyncWorkspace.cacheKey($0.key) }))
        let gzGets = try String(contentsOf: server.log, encoding: .utf8).split(separator: "\n").dropFirst(gets.count)
        #expect(gzGets.filter { $0.contains(".br ") }.isEmpty, "no brotli object was fetched: \(gzGets)")
        let brBytes = try #require(br.report?.bytesFetched)
        print(
            "sync of the sample store: br \(fetched.count) objects, \(brBytes) bytes; gzip \(gzReport.fetched.count) objects, \(gzReport.bytesFetched) bytes (manifest included)"
        )
        #expect(brBytes < gzReport.bytesFetched)

        // The cache's manifest names the decoded files as the entries' own, and nothing else.
        let cached = try DirectoryStore(root: brCache.path).manifest()
        #expect(cached.version == published.version)
        #expect(
            cached.objects.allSatisfy {
                $0.contentEncoding == .identity && $0.brotli == nil && $0.encodedSha256 == $0.sha256
            })
        #expect(Set(cached.objects.map(\.key)) == Set(fetched))
        #expect(try visibleFiles(brCache) == Set(fetched).union(["manifest.json"]))
        for cache in [brCache, gzCache] {
            let verify = try zonectl("verify", "--target", cache.path, in: dir)
            #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        }

        // Lookups from either cache answer as from the store.
        try Self.positions(published).write(
            to: dir.appendingPathComponent("points.txt"), atomically: true, encoding: .utf8)
        let answers = try [store, brCache, gzCache].map { from in
            let r = try zonectl("lookup", "--from", from.path, "--input", "points.txt", in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        #expect(answers[0].contains("\"style\":\""), "some positions are in zones")
        #expect(answers[1] == answers[0])
        #expect(answers[2] == answers[0])

        // diff --against the cache reads the brotli artifacts: the zones built again change nothing.
        let diff = try zonectl("diff", "--against", brCache.path, "--exit-code", in: dir)
        #expect(diff.status == 0, "\(diff.stdout) \(diff.stderr)")

        let again = try syncJSON(url, brCache, in: dir)
        #expect(again.status == 0 && again.report?.status == "current" && again.report?.bytesFetched == 0)
    }

    @Test func aCorruptBrotliObjectFailsTheSyncAndLeavesTheCache() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.publishedStore(dir)
        let store = dir.appendingPathComponent("store")
        let cache = dir.appendingPathComponent("cache")
        try #require(try syncJSON(store.path, cache, in: dir).status == 0)
        let before = try Data(contentsOf: cache.appendingPathComponent("manifest.json"))

        // Version 2: one feature less in Copenhagen, whose new brotli object is then damaged.
        let copenhagen = dir.appendingPathComponent("zones/copenhagen.geojson")
        let edit = try run(
            TestPaths.python,
            [
                "-c",
                "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['features'].pop(); json.dump(d, open(p,'w'))",
                copenhagen.path,
            ])
        try #require(edit.status == 0, "\(edit.stderr)")
        sleep(1)  // versions are stamped to the second
        for command in ["build", "publish"] {
            let r = try zonectl(command, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
        }
        let v2 = try DirectoryStore(root: store.path).manifest()
        let key = try #require(v2.city("copenhagen")?.artifact.brotli?.key)
        let object = store.appendingPathComponent(key)
        var bytes = [UInt8](try Data(contentsOf: object))
        bytes[bytes.count / 2] ^= 0xff
        try Data(bytes).write(to: object)

        let r = try syncJSON(store.path, cache, in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains(key) && r.stderr.contains("sha256 of the stored bytes"), "\(r.stderr)")
        #expect(try Data(contentsOf: cache.appendingPathComponent("manifest.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent(key).path))
        let verify = try zonectl("verify", "--target", cache.path, in: dir)
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
    }
}
