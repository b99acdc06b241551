import ClientTestSupport
import Foundation
import Testing
import ZoneClient

/// `ZoneClient.sync()` over URLSession against a loopback server that serves the store as S3
/// and CDNs do: `Content-Encoding: gzip` / `br` on the objects (URLSession hands the bodies over
/// decoded), ETags and 304, and faults: 503s, a body cut short, a server that goes away.
@Suite(.serialized) struct URLSessionSyncTests {
    @Test func firstSyncThenNotModifiedThenOnlyWhatChanged() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let (server, client) = try fx.client(of: fx.v1)
        defer { server.stop() }

        let first = try await client.sync()
        let published = try fx.manifest(fx.v1)
        #expect(first.from == nil && first.to == published.version)
        #expect(first.fetched.count == published.objects.count)
        #expect(try fx.visibleCacheFiles() == (try fx.cacheFiles(of: fx.v1)))
        #expect(try fx.cachedVersion() == published.version)
        // Brotli objects are fetched (the manifest lists them), and only those.
        let gets = server.log.filter { $0.key != "manifest.json" }
        #expect(
            gets.count == published.objects.count && gets.allSatisfy { $0.key.hasSuffix(".br") && $0.status == 200 })
        // The report counts the stored (encoded) bytes, whatever URLSession handed over.
        let stored = published.objects.reduce(0) { $0 + ($1.brotli?.encodedBytes ?? 0) }
        #expect(first.bytesFetched > stored && first.bytesFetched < stored + 10_000)
        // Each cached file is the decoded content, as MapKit or MapLibre read it.
        let city = try #require(published.cities.first)
        let cached = try Data(contentsOf: fx.cache.appendingPathComponent(ClientFixtures.decodedKey(city.artifact.key)))
        #expect(cached.count == city.artifact.bytes)
        #expect(try JSONSerialization.jsonObject(with: cached) is [String: Any])

        let again = try await client.sync()
        #expect(again.fetched.isEmpty && again.bytesFetched == 0 && !again.updated)
        #expect(server.log.last == LoopbackStore.Served(key: "manifest.json", status: 304))

        try fx.serve(fx.v2)
        let second = try await client.sync()
        let next = try fx.manifest(fx.v2)
        #expect(second.to == next.version && second.updated)
        let (files1, files2) = (try fx.cacheFiles(of: fx.v1), try fx.cacheFiles(of: fx.v2))
        #expect(Set(second.fetched) == files2.subtracting(files1))
        #expect(Set(second.removed) == files1.subtracting(files2))
        #expect(!second.fetched.isEmpty && !second.removed.isEmpty)
        #expect(try fx.visibleCacheFiles() == files2)
        #expect(try fx.cachedVersion() == next.version)
    }

    @Test func gzipObjectsDecodedByURLSessionAreAccepted() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let (server, client) = try fx.client(of: fx.v1, configuration: .init(encodings: [.gzip]))
        defer { server.stop() }
        let report = try await client.sync()
        #expect(report.fetched.count == (try fx.manifest(fx.v1)).objects.count)
        #expect(server.log.filter { $0.key != "manifest.json" }.allSatisfy { $0.key.hasSuffix(".gz") })
        #expect(try fx.cachedVersion() == (try fx.manifest(fx.v1)).version)
    }

    @Test func a503IsAskedAgainAndThenServed() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        try fx.serve(fx.v1)
        let server = try LoopbackStore(serving: fx.served)
        defer { server.stop() }
        server.inject(.status(503), times: 1) { $0 == "manifest.json" }
        server.inject(.status(503), times: 2) { $0.hasPrefix("zones/paris/") }
        let client = ZoneClient(store: server.url, cache: fx.cache)
        let report = try await client.sync()
        #expect(report.to == (try fx.manifest(fx.v1)).version)
        #expect(server.log.first == LoopbackStore.Served(key: "manifest.json", status: 503))
        #expect(server.log.filter { $0.key.hasPrefix("zones/paris/") }.map(\.status) == [503, 503, 200])
    }

    @Test func a503ThatLastsFailsTheSyncWithItsStatusAndLeavesTheCache() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let (server, client) = try fx.client(of: fx.v1)
        defer { server.stop() }
        _ = try await client.sync()
        try fx.serve(fx.v2)
        server.inject(.status(503), times: 3) { $0.hasPrefix("zones/copenhagen/") }
        await #expect {
            try await client.sync()
        } throws: { error in
            guard case .httpStatus(let key, 503) = error as? ZoneClientError else { return false }
            return key.hasPrefix("zones/copenhagen/")
        }
        #expect(try fx.cachedVersion() == (try fx.manifest(fx.v1)).version)
        #expect(try fx.visibleCacheFiles() == (try fx.cacheFiles(of: fx.v1)))
    }

    @Test func aTruncatedBodyFailsTheSyncAndLeavesTheCache() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let (server, client) = try fx.client(of: fx.v1)
        defer { server.stop() }
        _ = try await client.sync()
        try fx.serve(fx.v2)
        server.inject(.truncate(bytes: 100), times: 3) { $0.hasPrefix("zones/copenhagen/") }
        await #expect(throws: ZoneClientError.self) { try await client.sync() }
        #expect(try fx.cachedVersion() == (try fx.manifest(fx.v1)).version)
        #expect(try fx.visibleCacheFiles() == (try fx.cacheFiles(of: fx.v1)))
        // The server whole again: the next sync completes.
        let report = try await client.sync()
        #expect(report.to == (try fx.manifest(fx.v2)).version)
    }

    @Test func aServerThatStopsMidSyncIsOfflineAndLeavesTheCache() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        try fx.serve(fx.v1)
        let server = try LoopbackStore(serving: fx.served)
        let client = ZoneClient(store: server.url, cache: fx.cache, configuration: .init(concurrentFetches: 1))
        _ = try await client.sync()
        try fx.serve(fx.v2)
        server.inject(.stop, times: 1) { $0.hasPrefix("zones/copenhagen/") }
        await #expect {
            try await client.sync()
        } throws: { error in
            guard case .offline = error as? ZoneClientError else { return false }
            return true
        }
        #expect(try fx.cachedVersion() == (try fx.manifest(fx.v1)).version)
        #expect(try fx.visibleCacheFiles() == (try fx.cacheFiles(of: fx.v1)))
    }

    @Test func progressCountsEveryObjectAndByte() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let (server, client) = try fx.client(of: fx.v1)
        defer { server.stop() }
        let seen = ProgressLog()
        _ = try await client.sync { seen.append($0) }
        let reports = seen.all
        let objects = try fx.manifest(fx.v1).objects
        #expect(reports.first?.objectsDone == 0)
        #expect(reports.last?.objectsDone == objects.count && reports.last?.objectsTotal == objects.count)
        #expect(reports.last?.bytesDone == objects.reduce(0) { $0 + ($1.brotli?.encodedBytes ?? 0) })
        #expect(reports.last?.fraction == 1)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.bytesDone <= $1.bytesDone })
    }

    @Test func aDirectoryOfSomeoneElsesFilesIsNotACache() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        try FileManager.default.createDirectory(at: fx.cache, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: fx.cache.appendingPathComponent("notes.txt"))
        let client = ZoneClient(store: fx.v1, cache: fx.cache)
        await #expect(throws: ZoneClientError.notACache(path: fx.cache.path)) { try await client.sync() }
        #expect(try fx.visibleCacheFiles() == ["notes.txt"])
    }

    @Test func anUnreachableStoreIsOffline() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let port = try LoopbackSocket.freePort()
        let client = ZoneClient(store: URL(string: "http://127.0.0.1:\(port)")!, cache: fx.cache)
        await #expect {
            try await client.sync()
        } throws: { error in
            guard case .offline(let key, _) = error as? ZoneClientError else { return false }
            return key == "manifest.json"
        }
    }
}

/// Progress reports as a sync sent them.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [SyncProgress] = []
    func append(_ progress: SyncProgress) { lock.withLock { reports.append(progress) } }
    var all: [SyncProgress] { lock.withLock { reports } }
}
