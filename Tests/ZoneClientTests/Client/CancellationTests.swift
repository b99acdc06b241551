import ClientTestSupport
import Foundation
import Testing
import ZoneClient

/// Cancelling the task of a sync midway leaves the cache at the version it had, with none of
/// the files the cancelled run fetched; the next sync completes.
@Suite(.serialized) struct CancellationTests {
    /// Every object answers slowly, so a sync is still fetching when its task is cancelled.
    static func slowServer(_ fx: ClientFixtures) throws -> LoopbackStore {
        let server = try LoopbackStore(serving: fx.served)
        server.inject(.delay(seconds: 0.4), times: 1000) { $0 != "manifest.json" }
        return server
    }

    @Test func cancellingTheFirstSyncAfterOneObjectLeavesNothing() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        try fx.serve(fx.v1)
        let server = try Self.slowServer(fx)
        defer { server.stop() }
        let client = ZoneClient(store: server.url, cache: fx.cache, configuration: .init(concurrentFetches: 1))
        let seen = ProgressLog()
        let task = Task { try await client.sync { seen.append($0) } }
        while seen.all.count < 2 { try await Task.sleep(nanoseconds: 10_000_000) }  // one object written
        task.cancel()
        await #expect(throws: ZoneClientError.cancelled) { try await task.value }
        #expect(try fx.cachedVersion() == nil)
        #expect(try fx.visibleCacheFiles().isEmpty)
        #expect(server.log.filter { $0.key != "manifest.json" }.count < (try fx.manifest(fx.v1)).objects.count)
    }

    @Test func cancellingAnUpdateLeavesTheOldVersion() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        try fx.serve(fx.v1)
        let client: ZoneClient
        do {
            let quick = try LoopbackStore(serving: fx.served)
            defer { quick.stop() }
            _ = try await ZoneClient(store: quick.url, cache: fx.cache).sync()
        }
        try fx.serve(fx.v2)
        let server = try Self.slowServer(fx)
        defer { server.stop() }
        client = ZoneClient(store: server.url, cache: fx.cache)
        let seen = ProgressLog()
        let task = Task { try await client.sync { seen.append($0) } }
        while seen.all.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }  // fetching has begun
        task.cancel()
        await #expect(throws: ZoneClientError.cancelled) { try await task.value }
        #expect(try fx.cachedVersion() == (try fx.manifest(fx.v1)).version)
        #expect(try fx.visibleCacheFiles() == (try fx.cacheFiles(of: fx.v1)))

        let report = try await client.sync()
        #expect(report.to == (try fx.manifest(fx.v2)).version)
        #expect(try fx.visibleCacheFiles() == (try fx.cacheFiles(of: fx.v2)))
    }
}
