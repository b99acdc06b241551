import Foundation
import TestSupport
import Testing
import ZoneClient

/// Viewport queries (`ZoneClusterReader`, `ZoneClient.clusters`) against the files the pipeline
/// published: a grid of viewports gives every feature of each zoom once; a box across 180° is
/// split; offline answers come from the cache; differences keep stable ids; the disk budget
/// evicts; a cancelled query leaves nothing behind.
@Suite(.serialized) struct ClusterViewportTests {
    /// The box of a set of positions, widened by `margin` degrees.
    static func box(_ items: [ClusterStore.Published], margin: Double = 0.01) -> ZoneBBox {
        ZoneBBox(
            west: items.map(\.longitude).min()! - margin, south: items.map(\.latitude).min()! - margin,
            east: items.map(\.longitude).max()! + margin, north: items.map(\.latitude).max()! + margin)
    }

    @Test(.tags(.slow)) func gridOfViewportsGivesEveryFeatureOfEachZoomOnce() async throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        _ = try await ZoneSync(transport: DirectoryStore(root: ws.store.path), cache: cache).run()
        let reader = ZoneClusterReader(
            manifest: try ZoneManifest.decode([UInt8](Data(contentsOf: cache.appendingPathComponent("manifest.json")))),
            cache: cache, transport: DirectoryStore(root: ws.store.path))
        for city in ["rome", "copenhagen"] {
            let published = try ws.published(city: city)
            let all = Self.box(published[16]!)
            for z in 0...16 {
                let expected = try #require(published[z])
                // A 5 x 4 grid; its lines fall between published positions (6 decimals).
                let cols = 5
                let rows = 4
                let dx = (all.east - all.west) / Double(cols)
                let dy = (all.north - all.south) / Double(rows)
                var seen: [ClusterStore.Published] = []
                for i in 0..<cols {
                    for j in 0..<rows {
                        let w = all.west + Double(i) * dx + (i > 0 ? 1.3e-7 : 0)
                        let s = all.south + Double(j) * dy + (j > 0 ? 1.3e-7 : 0)
                        let cell = ZoneBBox(
                            west: w, south: s, east: all.west + Double(i + 1) * dx,
                            north: all.south + Double(j + 1) * dy)
                        let answer = try await reader.clusters(layer: "cars", in: cell, zoom: Double(z))
                        #expect(answer.isComplete && answer.layerZoom == z)
                        seen += answer.features.map { .init(id: $0.id, longitude: $0.longitude, latitude: $0.latitude) }
                    }
                }
                // Only this city's features lie in its box at high zooms; at low zooms another
                // city's could, so compare within the city's published set.
                let mine = Set(expected)
                let ours = seen.filter { mine.contains($0) }
                #expect(
                    ours.count == expected.count, "\(city) z\(z): \(ours.count) answered, \(expected.count) published")
                #expect(Set(ours) == mine, "\(city) z\(z)")
            }
        }
        // Zooms above max_zoom give the max_zoom answer.
        let rome = Self.box(try ws.published(city: "rome")[16]!)
        let at16 = try await reader.clusters(layer: "cars", in: rome, zoom: 16)
        let at19 = try await reader.clusters(layer: "cars", in: rome, zoom: 19.5)
        #expect(at19.layerZoom == 16 && at19.features == at16.features)
    }

    @Test func tileSizeAndMapKitRegionConvertZooms() async throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let reader = try await ZoneClusterReader.reading(DirectoryStore(root: ws.store.path))
        let rome = Self.box(try ws.published(city: "rome")[16]!)
        for z in 1...14 {
            let big = try await reader.clusters(layer: "cars", in: rome, zoom: Double(z), tileSize: .px512)
            let small = try await reader.clusters(layer: "cars", in: rome, zoom: Double(z + 1), tileSize: .px256)
            #expect(small.layerZoom == z && big.layerZoom == z)
            #expect(small.features.map(\.id) == big.features.map(\.id))
            for (a, b) in zip(big.features, small.features) where a.isCluster {
                #expect(b.expansionZoom == a.expansionZoom.map { $0 + 1 })
            }
        }
        // A 390-point-wide view showing 0.05° of longitude: log2(360·390/(256·0.05)) = 13.42,
        // floored to MapKit zoom 13, layer zoom 12.
        let region = ZoneRegion(centerLatitude: 41.9, centerLongitude: 12.5, latitudeDelta: 0.1, longitudeDelta: 0.05)
        let answer = try await reader.clusters(layer: "cars", region: region, viewWidth: 390)
        #expect(answer.layerZoom == 12 && answer.tileSize == .px256 && answer.zoom == 13)
        let direct = try await reader.clusters(layer: "cars", in: region.bbox, zoom: 12, tileSize: .px512)
        #expect(answer.features.map(\.id) == direct.features.map(\.id))
    }

    @Test(.tags(.slow)) func boxesAcrossTheAntimeridianAreSplit() async throws {
        // 400 points of a city astride 180° (Fiji's Taveuni), half each side.
        var random = SeededRandom(seed: 11)
        var features: [String] = []
        for i in 0..<400 {
            let lon = 179.7 + 0.6 * random.unit()
            let wrapped = lon > 180 ? lon - 360 : lon
            let lat = -16.9 + 0.5 * random.unit()
            features.append(
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(wrapped),\#(lat)]},"properties":{"id":"f\#(i)","city":"taveuni","kind":"car","available":1}}"#
            )
        }
        let text = #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
        let ws = try ClusterStore(extraPoints: ["taveuni.geojson": text], samplePoints: false)
        defer { ws.remove() }
        let reader = try await ZoneClusterReader.reading(DirectoryStore(root: ws.store.path))
        let published = try ws.published(city: "taveuni")
        // One answer for `box`; a file the transport could not read that once is listed in the
        // answer's `unavailable` (an app asks again), so such an answer is asked for again, and
        // the second must have every file.
        func clusters(_ box: ZoneBBox, _ z: Int) async throws -> ZoneClusters {
            var answer = try await reader.clusters(layer: "cars", in: box, zoom: Double(z))
            if !answer.unavailable.isEmpty {
                answer = try await reader.clusters(layer: "cars", in: box, zoom: Double(z))
            }
            #expect(answer.unavailable.isEmpty, "z\(z): \(answer.unavailable.map { "\($0.key): \($0.reason)" })")
            return answer
        }
        for z in 0...16 {
            let expected = Set(try #require(published[z]))
            let across = try await clusters(ZoneBBox(west: 179.5, south: -17, east: -179.5, north: -16.3), z)
            let got = across.features.map {
                ClusterStore.Published(id: $0.id, longitude: $0.longitude, latitude: $0.latitude)
            }
            #expect(got.count == expected.count && Set(got) == expected, "z\(z)")
            // The same as the two halves, and as a box written past 180° (179.5 to 180.5).
            let east = try await clusters(ZoneBBox(west: 179.5, south: -17, east: 180, north: -16.3), z)
            let west = try await clusters(ZoneBBox(west: -180, south: -17, east: -179.5, north: -16.3), z)
            #expect(Set(east.features.map(\.id)).union(west.features.map(\.id)) == Set(across.features.map(\.id)))
            let unwrapped = try await clusters(ZoneBBox(west: 179.5, south: -17, east: 180.5, north: -16.3), z)
            #expect(Set(unwrapped.features.map(\.id)) == Set(across.features.map(\.id)))
            if z >= 10 {
                #expect(!east.features.isEmpty && !west.features.isEmpty, "z\(z): points on both sides")
            }
        }
    }

    /// A client of `ws`'s store with its cache in `ws` (`cache`), synced, and the box of Rome's points.
    static func syncedClient(_ ws: ClusterStore) async throws -> (client: ZoneClient, cache: URL, rome: ZoneBBox) {
        let cache = ws.dir.appendingPathComponent("cache")
        let client = ZoneClient(store: ws.store, cache: cache, transport: DirectoryStore(root: ws.store.path))
        _ = try await client.sync()
        return (client, cache, box(try ws.published(city: "rome")[16]!))
    }

    @Test(.tags(.slow)) func offlineAnswersFromTheCacheAndSaysWhatItLacks() async throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let (client, cache, rome) = try await Self.syncedClient(ws)
        let version = try await client.manifest().version
        // Online: z15 fetches Rome's metatiles into the cache.
        let online = try await client.clusters(layer: "cars", in: rome, zoom: 15)
        #expect(online.isComplete && !online.fetched.isEmpty)
        #expect(online.notKept.isEmpty, "\(online.notKept)")
        let offline = ZoneClient(store: ws.store, cache: cache, transport: OfflineTransport())
        // What the cache holds: the band (synced) and the metatiles fetched above.
        let low = try await offline.clusters(layer: "cars", in: rome, zoom: 10)
        #expect(low.isComplete && low.version == version && !low.features.isEmpty)
        let again = try await offline.clusters(layer: "cars", in: rome, zoom: 15)
        #expect(again.isComplete && again.fetched.isEmpty && again.features == online.features)
        // Not fetched before: answered without them, each named.
        let lacking = try await offline.clusters(layer: "cars", in: rome, zoom: 14)
        #expect(!lacking.isComplete && lacking.version == version && lacking.features.isEmpty)
        let manifest = try await offline.manifest()
        let romeTiles = manifest.points![0].cities.first { $0.id == "rome" }!.metatiles.filter { $0.z == 14 }
        #expect(Set(lacking.unavailable.map(\.key)) == Set(romeTiles.map(\.artifact.key)))
        #expect(lacking.unavailable.allSatisfy { $0.reason.contains("offline") })
    }

    @Test(.tags(.slow)) func aFetchThatCannotBeKeptIsNamedWithItsReason() async throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let (client, cache, rome) = try await Self.syncedClient(ws)
        // A sync in another process holds the cache's lock: the answer is whole, and says
        // that what it fetched is not cached.
        let fd = open(cache.appendingPathComponent(ZoneSync.lockName).path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        let busy = try await client.clusters(layer: "cars", in: rome, zoom: 15)
        close(fd)
        #expect(busy.isComplete && !busy.fetched.isEmpty && !busy.features.isEmpty)
        #expect(busy.notKept.count == busy.fetched.count)
        #expect(busy.notKept.allSatisfy { $0.reason.contains("another sync is using this cache") })
        let offline = ZoneClient(store: ws.store, cache: cache, transport: OfflineTransport())
        let lacking = try await offline.clusters(layer: "cars", in: rome, zoom: 15)
        #expect(Set(lacking.unavailable.map(\.key)) == Set(busy.notKept.map(\.key)))
        // With the lock free, a query at another zoom keeps what it fetches.
        let kept = try await client.clusters(layer: "cars", in: rome, zoom: 14)
        #expect(!kept.fetched.isEmpty && kept.notKept.isEmpty)
    }

    @Test(.tags(.python)) func differencesKeepStableIdsWhenPanningZoomingAndRebuilding() async throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let reader = try await ZoneClusterReader.reading(DirectoryStore(root: ws.store.path))
        let rome = Self.box(try ws.published(city: "rome")[16]!)
        let width = rome.east - rome.west
        for z in [9, 12, 14, 16] {
            let a = ZoneBBox(west: rome.west, south: rome.south, east: rome.west + 0.6 * width, north: rome.north)
            let b = ZoneBBox(
                west: rome.west + 0.3 * width, south: rome.south, east: rome.west + 0.9 * width, north: rome.north)
            let first = try await reader.clusters(layer: "cars", in: a, zoom: Double(z))
            let second = try await reader.clusters(layer: "cars", in: b, zoom: Double(z))
            let d = ClusterDifference(from: first, to: second)
            // Panning removes only what left the view and inserts only what entered it.
            #expect(d.removals.allSatisfy { !b.contains(longitude: $0.longitude, latitude: $0.latitude) }, "z\(z)")
            #expect(d.insertions.allSatisfy { !a.contains(longitude: $0.longitude, latitude: $0.latitude) }, "z\(z)")
            let kept = first.features.filter { b.contains(longitude: $0.longitude, latitude: $0.latitude) }
            #expect(first.features.count - d.removals.count == kept.count)
            #expect(second.features.count == kept.count + d.insertions.count)
            #expect(ClusterDifference(from: second, to: second).isEmpty)
        }
        // Zooming in: what stays (a single point, a cluster with the same members) is not redrawn.
        let z13 = try await reader.clusters(layer: "cars", in: rome, zoom: 13)
        let z14 = try await reader.clusters(layer: "cars", in: rome, zoom: 14)
        let zoomed = ClusterDifference(from: z13, to: z14)
        let both = Set(z13.features.map(\.id)).intersection(z14.features.map(\.id))
        #expect(!both.isEmpty)
        #expect(zoomed.removals.allSatisfy { !both.contains($0.id) })
        #expect(zoomed.insertions.count == z14.features.count - both.count)
        #expect(Set(zoomed.removals.map(\.id)) == Set(z13.features.map(\.id)).subtracting(both))

        // A rebuild with an edit elsewhere (a car of Rome removed): Copenhagen's answers do not change.
        let copenhagen = Self.box(try ws.published(city: "copenhagen")[16]!)
        var before: [ZoneClusters] = []
        for z in 0...16 { before.append(try await reader.clusters(layer: "cars", in: copenhagen, zoom: Double(z))) }
        let edit = try run(
            TestPaths.python,
            [
                "-c",
                "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['features'].pop(); json.dump(d, open(p,'w'))",
                ws.dir.appendingPathComponent("points/rome.geojson").path,
            ])
        try #require(edit.status == 0, "\(edit.stderr)")
        sleep(1)
        try ws.publish()
        let rebuilt = try await ZoneClusterReader.reading(DirectoryStore(root: ws.store.path))
        #expect(rebuilt.manifest.version != reader.manifest.version)
        for z in 0...16 {
            let after = try await rebuilt.clusters(layer: "cars", in: copenhagen, zoom: Double(z))
            let d = ClusterDifference(from: before[z], to: after)
            #expect(d.removals.isEmpty && d.insertions.isEmpty, "z\(z): \(d.removals.count) removed")
        }
    }

    @Test(.tags(.slow)) func diskBudgetEvictsTheLeastRecentlyUsed() async throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        _ = try await ZoneSync(transport: DirectoryStore(root: ws.store.path), cache: cache).run()
        let manifest = try ZoneManifest.decode([UInt8](Data(contentsOf: cache.appendingPathComponent("manifest.json"))))
        let budget = 12_000
        let reader = ZoneClusterReader(
            manifest: manifest, cache: cache, transport: DirectoryStore(root: ws.store.path), memoryBudgetBytes: 0,
            diskBudgetBytes: budget)
        let rome = Self.box(try ws.published(city: "rome")[16]!)
        var fetched: [String] = []
        for z in 13...16 {
            let answer = try await reader.clusters(layer: "cars", in: rome, zoom: Double(z))
            #expect(answer.isComplete)
            fetched += answer.fetched
            // On disk: within the budget, plus at most the files of the query at hand.
            let onDisk = await reader.filesOnDisk
            let bytes = try onDisk.reduce(0) {
                $0
                    + (try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent($1).path)[.size]
                        as! Int)
            }
            let current = answer.fetched.count
            #expect(bytes <= budget || onDisk.count <= current, "z\(z): \(bytes) bytes in \(onDisk.count) files")
        }
        // The oldest (z13's) were removed from the disk and are fetched again.
        let lazy = Set(manifest.lazyObjects.map(\.key))
        let present = lazy.filter { FileManager.default.fileExists(atPath: cache.appendingPathComponent($0).path) }
        #expect(present.count < fetched.count)
        let again = try await reader.clusters(layer: "cars", in: rome, zoom: 13)
        #expect(!again.fetched.isEmpty && again.isComplete)
        // The cache is still one a sync and verify accept.
        let check = try ZoneSync.check(cache: cache.path)
        #expect(check.problems.isEmpty, "\(check.problems)")
    }

    @Test func cancellingAFetchingQueryThrowsAndWritesNothing() async throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let cache = ws.dir.appendingPathComponent("cache")
        _ = try await ZoneSync(transport: DirectoryStore(root: ws.store.path), cache: cache).run()
        let before = try visibleFiles(cache)
        let client = ZoneClient(store: ws.store, cache: cache, transport: HangingTransport())
        let rome = Self.box(try ws.published(city: "rome")[16]!)
        let task = Task { try await client.clusters(layer: "cars", in: rome, zoom: 15) }
        try await Task.sleep(nanoseconds: 100_000_000)
        task.cancel()
        await #expect(throws: ZoneClientError.cancelled) { try await task.value }
        #expect(try visibleFiles(cache) == before)
    }

    @Test func syncFetchesBandFilesOnlyUnlessAskedForAll() async throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let manifest = try ws.manifest
        let lazy = Set(manifest.lazyObjects.map { SyncWorkspace.cacheKey($0.key) })
        #expect(!lazy.isEmpty)
        let bands = ws.dir.appendingPathComponent("bands")
        let first = try await ZoneSync(transport: DirectoryStore(root: ws.store.path), cache: bands).run()
        #expect(first.fetched.allSatisfy { !lazy.contains($0) })
        #expect(first.fetched.count == manifest.objects.count - manifest.lazyObjects.count)
        let all = ws.dir.appendingPathComponent("all")
        let mirror = try await ZoneSync(transport: DirectoryStore(root: ws.store.path), cache: all, points: .all).run()
        #expect(mirror.fetched.count == manifest.objects.count)
        #expect(first.bytesFetched < mirror.bytesFetched)
        // A second run of each is a 304, with nothing fetched.
        #expect(try await ZoneSync(transport: DirectoryStore(root: ws.store.path), cache: bands).run().fetched.isEmpty)
        #expect(
            try await ZoneSync(transport: DirectoryStore(root: ws.store.path), cache: all, points: .all).run().fetched
                .isEmpty)
        for cache in [bands, all] { #expect(try ZoneSync.check(cache: cache.path).problems.isEmpty) }
    }
}
