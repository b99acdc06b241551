import Foundation
import ZoneClientCore

/// One published version of a target.
public struct PublishedVersion: Sendable, Equatable {
    public var version: String
    public var generatedAt: String
    public var cities: Int
    /// True for the version manifest.json serves now.
    public var isCurrent: Bool
}

/// Reading and switching a target's versions: `zonectl versions` and `zonectl rollback`.
public struct VersionHistory: Sendable {
    public let store: ObjectStore

    public init(store: ObjectStore) { self.store = store }

    /// The kept versions, oldest first.
    public func list() throws(PublishError) -> [PublishedVersion] {
        let chain = try self.chain()
        return chain.enumerated().reversed().map { i, m in
            PublishedVersion(version: m.version, generatedAt: m.generatedAt, cities: m.cities.count, isCurrent: i == 0)
        }
    }

    /// The published versions, newest first: manifests/<version>.json of manifest.json's
    /// version, then of its `previous`, and so on while they are kept.
    func chain() throws(PublishError) -> [ZoneManifest] {
        var out: [ZoneManifest] = []
        var next = try currentManifest()?.manifest.version
        while let version = next, out.count < 10_000 {
            let object: StoredObject?
            do { object = try store.get("manifests/\(version).json") } catch { throw .store(error) }
            guard let object else { break }
            let m = try ZoneManifest.stored(object.bytes) {
                PublishError.remoteManifestUnreadable("manifests/\(version).json: \($0)")
            }
            out.append(m)
            next = m.previous
        }
        return out
    }

    /// Serves `version`'s artifacts again, as a new version (versions only grow, so clients
    /// that compare them still see a change), switching manifest.json conditionally. The old
    /// manifest is served again whole, only its `version` and `previous` rewritten
    /// (``ZoneManifest/rewritten(_:version:previous:)``).
    public func rollback(to version: String, now: Date = Date()) throws(PublishError) -> ZoneManifest {
        let key = "manifests/\(version).json"
        let object: StoredObject?
        do { object = try store.get(key) } catch { throw .store(error) }
        guard let object else { throw .unknownVersion(version, kept: try list()) }
        let old = try ZoneManifest.stored(object.bytes) { PublishError.remoteManifestUnreadable("\(key): \($0)") }
        for stored in old.storedObjects {
            let found: StoredObject?
            do { found = try store.get(stored.object.key) } catch { throw .store(error) }
            guard found != nil else {
                throw PublishError.corruptArtifact(key: stored.object.key, reason: "missing from the target")
            }
        }
        let current = try currentManifest()
        let publisher = Publisher(store: store, keepVersions: Int.max, manifestMaxAge: current?.maxAge ?? 60)
        store.removeLeftovers()
        let (_, bytes) = try publisher.writeManifests(
            from: Manifest.version(at: now, after: current?.manifest.version), readTag: current?.tag
        ) { (v: String) throws(PublishError) -> [UInt8] in
            do {
                return try ZoneManifest.rewritten(object.bytes, version: v, previous: current?.manifest.version)
            } catch {
                throw .remoteManifestUnreadable("\(key): \(error)")
            }
        }
        return try ZoneManifest.stored(bytes) { PublishError.remoteManifestUnreadable($0) }
    }

    /// manifest.json, its tag, and its max-age.
    func currentManifest() throws(PublishError) -> (manifest: ZoneManifest, tag: String, maxAge: Int?)? {
        let object: StoredObject?
        do { object = try store.get("manifest.json") } catch { throw .store(error) }
        guard let object else { return nil }
        let m = try ZoneManifest.stored(object.bytes) { PublishError.remoteManifestUnreadable($0) }
        let maxAge = object.metadata?.cacheControl.split(separator: "=").last.flatMap { Int($0) }
        return (m, object.etag, maxAge)
    }
}
