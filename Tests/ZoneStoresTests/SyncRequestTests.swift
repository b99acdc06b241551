import Foundation
import Testing
import ZoneClientCore
import ZonePipeline
import ZoneStores

/// `zonectl sync`'s workflow from a directory store: the options parsed, a first sync, a rerun
/// that finds the cache current, and the directories it refuses.
@Suite struct SyncRequestTests {
    @Test func optionsAreParsedInOrder() throws {
        let request = try SyncRequest(from: "file:///tmp/store", encodings: "gzip, br", points: "all", verify: true)
        #expect(request.location == .directory("/tmp/store"))
        #expect(request.encodings == [.gzip, .br])
        #expect(request.points == .all)
        #expect(
            try SyncRequest(from: "https://cdn.example.com/z", encodings: "br", points: "bands", verify: false)
                .location == .http("https://cdn.example.com/z"))
        #expect(throws: OptionError("--encodings: zip is not br or gzip")) {
            try SyncRequest(from: "gs://x", encodings: "br,zip", points: "some", verify: false)
        }
        #expect(throws: StoreLocationError.self) {
            try SyncRequest(from: "gs://x", encodings: "br", points: "some", verify: false)
        }
        #expect(throws: OptionError("--points: some is not bands or all")) {
            try SyncRequest(from: "store", encodings: "br", points: "some", verify: false)
        }
    }

    @Test func syncsThenFindsTheCacheCurrent() async throws {
        let w = try StoreWorkspace()
        defer { w.remove() }
        _ = try PublishRequest(configFile: w.configFile, target: w.path("store"), from: nil).run(dryRun: false)
        let request = try SyncRequest(from: w.path("store"), encodings: "br,gzip", points: "bands", verify: false)

        let first = SyncSummary(try await request.run(configFile: w.configFile, into: w.path("cache"), force: false))
        #expect(first.status == "updated")
        #expect(first.from == nil)
        #expect(!first.fetched.isEmpty)
        #expect(first.text.hasPrefix("updated (empty) -> \(first.to ?? "?"): "), "\(first.text)")
        #expect(ZoneSync.isCache(w.path("cache")))
        // Point files of the band only: no metatile fetched.
        #expect(first.fetched.contains { $0.hasPrefix("points/cars/") })
        #expect(!first.fetched.contains { $0.hasPrefix("points/cars/paris/13/") })

        let second = SyncSummary(try await request.run(configFile: w.configFile, into: w.path("cache"), force: false))
        #expect(second.status == "current")
        #expect(second.text == "already current at version \(first.to ?? "?")")
    }

    @Test func refusesTheBuildOutputAndAStoreItCannotRead() async throws {
        let w = try StoreWorkspace()
        defer { w.remove() }
        let fromStore = try SyncRequest(from: w.path("store"), encodings: "br", points: "bands", verify: false)
        await #expect(throws: OutputError.self) {
            _ = try await fromStore.run(configFile: w.configFile, into: w.configFile.config.output, force: true)
        }
        // No store there: a sync error naming it, and the cache is no cache.
        let error = await #expect(throws: SyncError.self) {
            _ = try await fromStore.run(configFile: w.configFile, into: w.path("cache"), force: false)
        }
        #expect(error?.description.hasPrefix(w.path("store") + ": ") == true, "\(String(describing: error))")
        #expect(!ZoneSync.isCache(w.path("cache")))
    }
}
