import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// The publish protocol against the local directory store: what is written, in which order,
/// and that no failure or race ever leaves manifest.json naming something missing.
@Suite struct LocalPublishTests {
    /// A build of two tiny cities in a temporary directory; `shift` moves one city's square.
    struct Workspace {
        let root: URL
        var dist: String { root.appendingPathComponent("dist").path }
        var store: LocalStore { LocalStore(root: root.appendingPathComponent("store").path) }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("publish-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("zones"), withIntermediateDirectories: true)
        }

        func build(shift: Double = 0, now: Date = Date()) throws -> Manifest {
            func square(_ city: String, _ x: Double) -> String {
                ##"{"type":"Feature","properties":{"city":"\##(city)","style":"parking","fill":"#00ff00"},"geometry":{"type":"Polygon","coordinates":[[[\##(x),0],[\##(x + 1),0],[\##(x + 1),1],[\##(x),1],[\##(x),0]]]}}"##
            }
            let text =
                #"{"type":"FeatureCollection","features":["# + square("oslo", 10) + "," + square("rome", 20 + shift)
                + "]}"
            try text.write(to: root.appendingPathComponent("zones/z.geojson"), atomically: true, encoding: .utf8)
            var config = PipelineConfig.default
            config.zones = [root.appendingPathComponent("zones").path]
            let previous = (try? Data(contentsOf: URL(fileURLWithPath: dist + "/manifest.json"))).flatMap {
                try? JSONDecoder().decode(Manifest.self, from: $0)
            }
            let outcome = try BuildPipeline(config: config, jobs: 1).run(
                configBytes: [], revision: nil, previousVersion: previous?.version, now: now)
            let output = try #require(outcome.output)
            try OwnedDirectory.check(dist, for: .buildOutput).replaceContents(
                with: output.files.map { .init(path: $0.path, bytes: $0.bytes) })
            return output.manifest
        }

        func publish(_ store: ObjectStore? = nil, keep: Int = 10) throws -> PublishResult {
            let s = store ?? self.store
            return try Publisher(store: s, keepVersions: keep, manifestMaxAge: 60).publish(
                try PublishPlan.make(dist: dist, store: s))
        }

        func served() throws -> Manifest? {
            try store.get("manifest.json").map { try JSONDecoder().decode(Manifest.self, from: Data($0.bytes)) }
        }
    }

    @Test func firstNoChangeAndOneCityPublishes() throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let built = try w.build()
        let first = try w.publish()
        #expect(!first.upToDate)
        // 2 cities + styles, then the versioned manifest, then manifest.json last.
        #expect(first.written.count == 5)
        #expect(first.written.suffix(2) == ["manifests/\(first.version).json", "manifest.json"])
        #expect(try w.served()?.cities == built.cities)
        let meta = try #require(try w.store.get(built.cities[0].key)?.metadata)
        #expect(
            meta
                == ObjectMetadata(
                    contentType: "application/geo+json", contentEncoding: "gzip",
                    cacheControl: "public, max-age=31536000, immutable"))
        #expect(try w.store.get("manifest.json")?.metadata?.cacheControl == "public, max-age=60")

        let again = try w.publish()
        #expect(again.upToDate)
        #expect(again.written.isEmpty)

        _ = try w.build(shift: 0.5)
        let third = try w.publish()
        #expect(third.written.count == 3)  // rome's new artifact + 2 manifests
        #expect(third.written.first?.hasPrefix("zones/rome/") == true)
        #expect(try w.served()?.previous == first.version)
        #expect(try Verifier(store: w.store).verify().problems.isEmpty)
    }

    @Test func aLosingRacerOverwritesNothingAndRemovesItsVersionedManifest() throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        _ = try w.build()
        let first = try w.publish()
        _ = try w.build(shift: 0.5)
        // Both plan against the same manifest.json; only the first to switch it wins. B's build
        // differs (another generatedAt), so its versioned manifest takes the next version.
        let planA = try PublishPlan.make(dist: w.dist, store: w.store)
        var planB = try PublishPlan.make(dist: w.dist, store: w.store)
        planB.local.generatedAt = "2000-01-01T00:00:00Z"
        let publisher = Publisher(store: w.store, keepVersions: 10, manifestMaxAge: 60)
        let won = try publisher.publish(planA)
        let servedAfterWin = try w.store.get("manifest.json")?.bytes
        #expect(throws: PublishError.anotherPublishWon(version: won.version)) {
            try publisher.publish(planB)
        }
        #expect(try w.store.get("manifest.json")?.bytes == servedAfterWin)
        #expect(
            try w.store.list(prefix: "manifests/") == [
                "manifests/\(first.version).json", "manifests/\(won.version).json",
            ])
    }

    @Test func anIdenticalPublishRacingAlongSucceedsWithoutChangingAnything() throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        _ = try w.build()
        _ = try w.publish()
        _ = try w.build(shift: 0.5)
        let planA = try PublishPlan.make(dist: w.dist, store: w.store)
        let planB = try PublishPlan.make(dist: w.dist, store: w.store)
        let publisher = Publisher(store: w.store, keepVersions: 10, manifestMaxAge: 60)
        let a = try publisher.publish(planA)
        let served = try w.store.get("manifest.json")?.bytes
        // B would write exactly the bytes A wrote: manifest.json already serves them.
        #expect(try publisher.publish(planB).version == a.version)
        #expect(try w.store.get("manifest.json")?.bytes == served)
    }

    @Test func aSwitchThatLandedThoughItsAnswerWasLostIsASuccess() throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        _ = try w.build()
        _ = try w.publish()
        _ = try w.build(shift: 0.5)
        let result = try w.publish(LostAnswerStore(base: w.store, key: "manifest.json"))
        #expect(try w.served()?.version == result.version)
        #expect(try Verifier(store: w.store).verify().problems.isEmpty)
    }

    @Test func aPublishInterruptedBeforeTheSwitchResumesWithTheSameVersion() throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let firstBuild = try w.build()
        let first = try w.publish()
        let second = try w.build(shift: 0.5)
        #expect(throws: PublishError.self) {
            try w.publish(FailingStore(base: w.store, failOn: { $0 == "manifest.json" }))
        }
        #expect(try w.served()?.cities == firstBuild.cities)
        let manifests = try w.store.list(prefix: "manifests/")
        #expect(manifests == ["manifests/\(first.version).json", "manifests/\(second.version).json"])
        // Run again: the versioned manifest is there byte for byte; the publish goes on from it.
        let rerun = try w.publish()
        #expect(rerun.version == second.version)
        #expect(try w.store.list(prefix: "manifests/") == manifests)
        #expect(try Verifier(store: w.store).verify().problems.isEmpty)
    }

    @Test func aFailedUploadLeavesTheManifestServingItsObjects() throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        _ = try w.build()
        _ = try w.publish()
        let before = try w.store.get("manifest.json")?.bytes
        _ = try w.build(shift: 0.5)
        let failing = FailingStore(base: w.store, failOn: { $0.hasPrefix("zones/rome/") })
        #expect(throws: PublishError.self) { try w.publish(failing) }
        #expect(try w.store.get("manifest.json")?.bytes == before)
        #expect(try Verifier(store: w.store).verify().problems.isEmpty)
        // Run again without the fault: it completes.
        #expect(try !w.publish().upToDate)
        #expect(try Verifier(store: w.store).verify().problems.isEmpty)
    }

    @Test func retentionKeepsWhatKeptVersionsReference() throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        var versions: [PublishResult] = []
        for (i, shift) in [0.0, 0.5, 0.25].enumerated() {
            _ = try w.build(shift: shift, now: Date().addingTimeInterval(Double(i) * 10))
            versions.append(try w.publish(keep: 2))
        }
        let manifests = try w.store.list(prefix: "manifests/")
        #expect(manifests == versions.suffix(2).map { "manifests/\($0.version).json" })
        // The first version's rome artifact went with it; oslo (shared by all) stays.
        #expect(versions[2].deleted.contains { $0.hasPrefix("zones/rome/") })
        #expect(!versions[2].deleted.contains { $0.hasPrefix("zones/oslo/") })
        #expect(try Verifier(store: w.store).verify().problems.isEmpty)
        #expect(try VersionHistory(store: w.store).list().map(\.version) == versions.suffix(2).map(\.version))
    }

    @Test func rollbackServesAnEarlierVersionAsANewOne() throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let firstBuild = try w.build()
        let first = try w.publish()
        _ = try w.build(shift: 0.5, now: Date().addingTimeInterval(10))
        let second = try w.publish()
        let rolled = try VersionHistory(store: w.store).rollback(to: first.version, now: Date().addingTimeInterval(20))
        #expect(rolled.version > second.version)
        #expect(rolled.previous == second.version)
        // Served again whole: every member but version and previous as first published.
        func members(_ key: String) throws -> NSDictionary {
            let bytes = try #require(try w.store.get(key)).bytes
            var object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            object["version"] = nil
            object["previous"] = nil
            return object as NSDictionary
        }
        #expect(try members("manifest.json") == members("manifests/\(first.version).json"))
        #expect(try members("manifest.json") != members("manifests/\(second.version).json"))
        #expect(try w.served()?.cities == firstBuild.cities)
        #expect(try Verifier(store: w.store).verify().problems.isEmpty)
    }

    @Test func verifyFindsATamperedArtifact() throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let built = try w.build()
        _ = try w.publish()
        let key = built.cities[0].key
        var bytes = try #require(try w.store.get(key)).bytes
        let tampered = try Gzip.compress(Gzip.decompress(bytes) + [0x20], level: 9)
        bytes = tampered
        _ = try w.store.put(
            [ObjectUpload(key: key, bytes: bytes, metadata: built.artifacts[1].metadata)], condition: nil)
        let problems = try Verifier(store: w.store).verify().problems
        #expect(problems.contains("\(key): sha256 differs from the manifest"))
    }
}

/// A store that fails writes of chosen keys: a fault a real store will not produce on demand.
struct FailingStore: ObjectStore {
    let base: LocalStore
    let failOn: @Sendable (String) -> Bool
    var name: String { base.name }
    func get(_ key: String) throws(StoreError) -> StoredObject? { try base.get(key) }
    func list(prefix: String) throws(StoreError) -> [String] { try base.list(prefix: prefix) }
    func delete(_ keys: [String]) throws(StoreError) { try base.delete(keys) }
    func put(_ uploads: [ObjectUpload], condition: WriteCondition?) throws(StoreError) -> [Bool] {
        if let bad = uploads.first(where: { failOn($0.key) }) {
            throw .failed(key: bad.key, message: "injected failure")
        }
        return try base.put(uploads, condition: condition)
    }
}

/// A store that writes one key, then answers 412 as if an earlier attempt had landed and only
/// its answer was lost (what a retried conditional PUT gets from S3).
struct LostAnswerStore: ObjectStore {
    let base: LocalStore
    let key: String
    var name: String { base.name }
    func get(_ key: String) throws(StoreError) -> StoredObject? { try base.get(key) }
    func list(prefix: String) throws(StoreError) -> [String] { try base.list(prefix: prefix) }
    func delete(_ keys: [String]) throws(StoreError) { try base.delete(keys) }
    func put(_ uploads: [ObjectUpload], condition: WriteCondition?) throws(StoreError) -> [Bool] {
        let written = try base.put(uploads, condition: condition)
        if uploads.contains(where: { $0.key == key }) { throw .preconditionFailed(key: key) }
        return written
    }
}

@Suite struct ManifestVersionTests {
    @Test func followingIsTheNextSecondWhateverTheTime() {
        #expect(Manifest.version(following: "20261121T235959Z") == "20261122T000000Z")
        #expect(Manifest.version(following: "20261121T182503Z") == "20261121T182504Z")
        #expect(Manifest.version(at: Date(timeIntervalSince1970: 0), after: "20261121T182503Z") == "20261121T182504Z")
        #expect(
            Manifest.version(at: Date(timeIntervalSince1970: 86_400 * 365), after: "19700101T000000Z")
                == "19710101T000000Z")
    }
}
