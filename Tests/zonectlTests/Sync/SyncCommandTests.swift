import Foundation
import Testing
import ZoneClient
import ZoneFormats
import ZonePipeline

/// `zonectl sync` against the sample store served over loopback HTTP (Scripts/serve_store.py,
/// with ETags and If-None-Match), checked by the manifests of both versions and `zonectl verify`.
@Suite(.serialized) struct SyncCommandTests {
    @Test(.tags(.python)) func firstSyncThenNotModifiedThenOnlyTheChangedArtifacts() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let served = ws.dir.appendingPathComponent("served")
        try FileManager.default.copyItem(at: ws.v1, to: served)
        let server = try StoreServer(serving: served, in: ws.dir)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"
        let cache = ws.dir.appendingPathComponent("client-cache")

        let first = try syncJSON(url, cache, in: ws.dir)
        try #require(first.status == 0, "\(first.stderr)")
        #expect(first.report?.status == "updated")
        #expect(first.report?.from == nil)
        #expect(Set(first.report?.fetched ?? []) == (try SyncWorkspace.keys(ws.manifest1)))
        #expect(try ws.cachedVersion(cache) == 1)
        let verify = try zonectl("verify", "--target", cache.path, in: ws.dir)
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")

        // The ETag kept is the server's header value exactly (quoted SHA-256, no CR/LF).
        let state = try String(contentsOf: cache.appendingPathComponent(".zonectl-sync"), encoding: .utf8)
        let etag = "\"" + ZoneFormats.sha256Hex(ws.manifest1) + "\""
        #expect(state.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().first == Substring(etag))

        let again = try syncJSON(url, cache, in: ws.dir)
        try #require(again.status == 0, "\(again.stderr)")
        #expect(again.report?.status == "current")
        #expect(again.report?.fetched == [])
        #expect(again.report?.bytesFetched == 0)
        let log = try String(contentsOf: server.log, encoding: .utf8).split(separator: "\n")
        #expect(log.last?.hasPrefix("GET /manifest.json 304") == true, "\(log)")

        // Version 2 served: only the objects version 1 lacks are fetched.
        try FileManager.default.removeItem(at: served)
        try FileManager.default.copyItem(at: ws.v2, to: served)
        let before = log.count
        let second = try syncJSON(url, cache, in: ws.dir)
        try #require(second.status == 0, "\(second.stderr)")
        let (keys1, keys2) = (try SyncWorkspace.keys(ws.manifest1), try SyncWorkspace.keys(ws.manifest2))
        #expect(Set(second.report?.fetched ?? []) == keys2.subtracting(keys1))
        #expect(Set(second.report?.removed ?? []) == keys1.subtracting(keys2))
        #expect(!keys2.subtracting(keys1).isEmpty && !keys1.subtracting(keys2).isEmpty)
        let gets = try String(contentsOf: server.log, encoding: .utf8).split(separator: "\n").dropFirst(before)
        #expect(gets.count == 1 + keys2.subtracting(keys1).count, "\(gets)")
        #expect(try ws.cachedVersion(cache) == 2)
        #expect(try zonectl("verify", "--target", cache.path, in: ws.dir).status == 0)
        let lookup = try zonectl("lookup", "--from", cache.path, "12.57", "55.68", in: ws.dir)
        #expect(lookup.status == 0 && lookup.stdout.contains("\"city\":\"copenhagen\""), "\(lookup.stdout)")
    }

    @Test(.tags(.python)) func aCorruptArtifactKeepsTheOldVersion() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        try #require(try syncJSON(ws.v1.path, cache, in: ws.dir).status == 0)
        // One byte of a version-2 object flipped in the store: same size, wrong content.
        let changed = try SyncWorkspace.storeKeys(ws.manifest2).subtracting(try SyncWorkspace.storeKeys(ws.manifest1))
        let object = ws.v2.appendingPathComponent(try #require(changed.sorted().first))
        var bytes = [UInt8](try Data(contentsOf: object))
        bytes[bytes.count / 2] ^= 0xff
        try Data(bytes).write(to: object)

        let r = try syncJSON(ws.v2.path, cache, in: ws.dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains(changed.sorted().first!), "\(r.stderr)")
        #expect(try ws.cachedVersion(cache) == 1)
        #expect(try zonectl("verify", "--target", cache.path, in: ws.dir).status == 0)
        #expect(
            !FileManager.default.fileExists(
                atPath: cache.appendingPathComponent(SyncWorkspace.cacheKey(changed.sorted().first!)).path))
    }

    @Test(.tags(.python)) func anUnreachableStoreKeepsTheOldVersion() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let server = try StoreServer(serving: ws.v1, in: ws.dir)
        let cache = ws.dir.appendingPathComponent("cache")
        try #require(try syncJSON("http://127.0.0.1:\(server.port)", cache, in: ws.dir).status == 0)
        server.stop()
        let r = try syncJSON("http://127.0.0.1:\(server.port)", cache, in: ws.dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("manifest.json: offline"), "\(r.stderr)")
        #expect(try ws.cachedVersion(cache) == 1)
    }

    @Test(.tags(.python)) func aFailingTransportMidwayLeavesNoVisibleChange() async throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        _ = try await ZoneSync(transport: DirectoryStore(root: ws.v1.path), cache: cache).run()
        let changed = try SyncWorkspace.keys(ws.manifest2).subtracting(try SyncWorkspace.keys(ws.manifest1))
        let key = try #require(
            try SyncWorkspace.storeKeys(ws.manifest2).sorted().last { changed.contains(SyncWorkspace.cacheKey($0)) })
        let failing = FailingTransport(inner: DirectoryStore(root: ws.v2.path), failing: key)
        await #expect(throws: ZoneClientError.self) { try await ZoneSync(transport: failing, cache: cache).run() }
        #expect(try ws.cachedVersion(cache) == 1)
        // Untouched: what the failed run wrote before the failure is removed again.
        #expect(try visibleFiles(cache) == (try SyncWorkspace.keys(ws.manifest1)).union(["manifest.json"]))
        let report = try await ZoneSync(transport: DirectoryStore(root: ws.v2.path), cache: cache).run()
        #expect(try ws.cachedVersion(cache) == 2)
        #expect(Set(report.fetched) == changed)

        // Into an empty cache, failing on the last object: the ones written before it go again.
        let empty = ws.dir.appendingPathComponent("empty-cache")
        let last = try #require(try ZoneManifest.decode(ws.manifest2).objects.last?.key)
        let failingLast = FailingTransport(inner: DirectoryStore(root: ws.v2.path), failing: last)
        await #expect(throws: ZoneClientError.self) { try await ZoneSync(transport: failingLast, cache: empty).run() }
        #expect(try visibleFiles(empty).isEmpty)
    }

    @Test(.tags(.python)) func aFileOfYoursInTheCacheIsNeverRemoved() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        try #require(try syncJSON(ws.v1.path, cache, in: ws.dir).status == 0)
        let note = cache.appendingPathComponent("zones/my-notes.txt")
        try "mine".write(to: note, atomically: true, encoding: .utf8)
        let r = try syncJSON(ws.v2.path, cache, in: ws.dir)
        try #require(r.status == 0, "\(r.stderr)")
        #expect(
            Set(r.report?.removed ?? [])
                == (try SyncWorkspace.keys(ws.manifest1)).subtracting(try SyncWorkspace.keys(ws.manifest2)))
        #expect(FileManager.default.fileExists(atPath: note.path))
        #expect(try ws.cachedVersion(cache) == 2)
    }

    @Test func encodingsAreBrotliOrGzipOnly() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for bad in ["identity", "br,deflate"] {
            let r = try zonectl("sync", "--from", dir.path, "--cache", "cache", "--encodings", bad, in: dir)
            #expect(r.status == 64, "\(bad): \(r.stderr)")
            #expect(r.stderr.contains("is not br or gzip"), "\(r.stderr)")
        }
    }

    @Test(.tags(.python)) func aCacheOfSomeoneElsesFilesIsRefused() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let mine = ws.dir.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "keep".write(to: mine.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let r = try syncJSON(ws.v1.path, mine, in: ws.dir)
        #expect(r.status == 2)
        #expect(FileManager.default.fileExists(atPath: mine.appendingPathComponent("notes.txt").path))
        #expect(!FileManager.default.fileExists(atPath: mine.appendingPathComponent("manifest.json").path))
    }
}

/// A test double for a fault: the store as it is, except that `failing` cannot be fetched.
struct FailingTransport: ZoneTransport {
    let inner: DirectoryStore
    let failing: String

    func get(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse {
        if request.key == failing { throw .unreachable(key: request.key, reason: "connection reset (injected)") }
        return try await inner.get(request)
    }
}
