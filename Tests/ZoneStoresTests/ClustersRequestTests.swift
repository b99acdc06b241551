import Foundation
import Testing
import ZoneClientCore
import ZonePipeline
import ZoneStores

/// `zonectl clusters`' workflow: a store's metatiles fetched and checked, a cache that lacks
/// them answering incompletely, an answer saved and compared with.
@Suite struct ClustersRequestTests {
    /// Central Paris at zoom 15: metatiles, above the band file's zooms.
    let bbox = "2.3,48.85,2.32,48.86"

    @Test func optionsAreCheckedInOrder() throws {
        let request = try ClustersRequest(
            from: "store", layer: "cars", bbox: " 2.3, 48.85,2.32 ,48.86", zoom: 9, tileSize: 256)
        #expect(request.box == ZoneBBox(west: 2.3, south: 48.85, east: 2.32, north: 48.86))
        #expect(request.tileSize == .px256)
        #expect(throws: OptionError("--bbox 1,2,3: expected four numbers W,S,E,N")) {
            try ClustersRequest(from: "gs://x", layer: "cars", bbox: "1,2,3", zoom: 99, tileSize: 1)
        }
        #expect(throws: OptionError("--bbox 0,50,1,40: latitudes must lie in [-90, 90], south <= north")) {
            try ClustersRequest(from: "store", layer: "cars", bbox: "0,50,1,40", zoom: 9, tileSize: 512)
        }
        #expect(throws: StoreLocationError.self) {
            try ClustersRequest(from: "gs://x", layer: "cars", bbox: bbox, zoom: 99, tileSize: 1)
        }
        #expect(throws: OptionError("--tile-size: 256 or 512")) {
            try ClustersRequest(from: "store", layer: "cars", bbox: bbox, zoom: 99, tileSize: 1)
        }
        #expect(throws: OptionError("--zoom: a number from 0 to 30")) {
            try ClustersRequest(from: "store", layer: "cars", bbox: bbox, zoom: 99, tileSize: 512)
        }
    }

    @Test func storeCacheSaveAndSince() async throws {
        let w = try StoreWorkspace()
        defer { w.remove() }
        _ = try PublishRequest(configFile: w.configFile, target: w.path("store"), from: nil).run(dryRun: false)

        // From the store: each metatile fetched (and named), the answer complete and saved.
        let saved = w.path("answer.json")
        let fromStore = try await ClustersRequest(
            from: w.path("store"), layer: "cars", bbox: bbox, zoom: 15, tileSize: 512, save: saved
        ).run(configFile: w.configFile)
        #expect(fromStore.clusters.isComplete)
        #expect(!fromStore.clusters.features.isEmpty)
        #expect(fromStore.notes == fromStore.clusters.fetched.map { "fetched \($0)" })
        #expect(fromStore.notes.contains { $0.hasPrefix("fetched points/cars/paris/15/") }, "\(fromStore.notes)")
        #expect(!FileManager.default.fileExists(atPath: saved), "saved before save()")
        try fromStore.save()
        #expect(
            FileManager.default.contents(atPath: saved).map { [UInt8]($0) } == fromStore.clusters.featureCollection())

        // A cache synced with band files only lacks the metatiles: an incomplete answer, said so.
        _ = try await SyncRequest(from: w.path("store"), encodings: "br,gzip", points: "bands", verify: false)
            .run(configFile: w.configFile, into: w.path("cache"), force: false)
        let fromCache = try await ClustersRequest(
            from: w.path("cache"), layer: "cars", bbox: bbox, zoom: 15, tileSize: 512, since: saved
        ).run(configFile: w.configFile)
        #expect(!fromCache.clusters.isComplete)
        #expect(fromCache.notes.last?.contains("warning: incomplete answer from version") == true, "\(fromCache.notes)")
        #expect(fromCache.notes.contains { $0.contains(" unavailable: ") })
        let output = String(decoding: fromCache.output, as: UTF8.self)
        #expect(output.contains("\"difference\""), "--since adds the difference")

        // An answer zonectl did not save is not replaced.
        try "not an answer".write(toFile: saved, atomically: true, encoding: .utf8)
        await #expect(throws: OutputError.self) {
            _ = try await ClustersRequest(
                from: w.path("store"), layer: "cars", bbox: bbox, zoom: 15, tileSize: 512, save: saved
            ).run(configFile: w.configFile)
        }
    }
}
