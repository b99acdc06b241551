import Foundation
import ZoneClientCore

/// The last two steps of a publish: the versioned manifest, then the switch of manifest.json.
/// Both are conditional, and both tell a write of this publish that landed (an interrupted or
/// retried run: its answer was lost, or the process died) from another publisher's.
extension Publisher {
    static func versionedKey(_ version: String) -> String { "manifests/\(version).json" }

    /// Both steps: manifests/<version>.json (``writeVersioned(_:encode:)``), then manifest.json
    /// switched to the same bytes if it is still the one read (``switchCurrent(to:version:readTag:)``).
    /// `encode` gives the manifest's bytes for a version. Returns the version written and its bytes.
    func writeManifests(
        from version: String, readTag: String?, encode: (String) throws(PublishError) -> [UInt8]
    ) throws(PublishError) -> (version: String, bytes: [UInt8]) {
        var version = version
        let bytes = try writeVersioned(&version, encode: encode)
        try switchCurrent(to: bytes, version: version, readTag: readTag)
        return (version, bytes)
    }

    /// Writes manifests/<version>.json only if absent, from `version` on, and returns the bytes
    /// written; `version` ends as the one written. The same bytes already there were written by
    /// an earlier run of this very publish (same build, same previous version), which is fine;
    /// other bytes belong to another publisher, so this one takes the next free version instead
    /// of overwriting them.
    func writeVersioned(
        _ version: inout String, encode: (String) throws(PublishError) -> [UInt8]
    ) throws(PublishError) -> [UInt8] {
        let immutable = ObjectMetadata(
            contentType: "application/json", contentEncoding: nil,
            cacheControl: "public, max-age=31536000, immutable")
        for _ in 0..<5 {
            let bytes = try encode(version)
            let key = Self.versionedKey(version)
            do {
                if try store.put([ObjectUpload(key: key, bytes: bytes, metadata: immutable)], condition: .absent) == [
                    true
                ] {
                    return bytes
                }
                if try store.get(key)?.bytes == bytes { return bytes }
            } catch {
                throw .store(error)
            }
            version = Manifest.version(following: version)
        }
        throw .store(
            .failed(key: Self.versionedKey(version), message: "five versions in a row were taken by other publishers"))
    }

    /// Switches manifest.json to `bytes` only if it is still the one the plan read (`readTag`),
    /// or still absent. A failed condition means either that another publish switched it first
    /// (this one lost: its versioned manifest, which nothing references, is removed) or that an
    /// earlier attempt of this very write landed and only its answer was lost (done).
    func switchCurrent(to bytes: [UInt8], version: String, readTag: String?) throws(PublishError) {
        let current = ObjectUpload(
            key: "manifest.json", bytes: bytes,
            metadata: ObjectMetadata(
                contentType: "application/json", contentEncoding: nil,
                cacheControl: "public, max-age=\(manifestMaxAge)"))
        do {
            if try store.put([current], condition: readTag.map { .matches($0) } ?? .absent) == [true] { return }
        } catch .preconditionFailed {
            // Decided below.
        } catch {
            throw .store(error)
        }
        let served: StoredObject?
        do { served = try store.get("manifest.json") } catch { throw .store(error) }  // cannot tell: remove nothing
        if served?.bytes == bytes { return }
        let winner = served.flatMap { try? ZoneManifest.decode($0.bytes) }
        // Published on top of this version: it was served, so this publish did land.
        if winner?.previous == version { return }
        if winner != nil { try? store.delete([Self.versionedKey(version)]) }
        throw .anotherPublishWon(version: winner?.version ?? "unknown")
    }

    static func encode(_ manifest: Manifest) throws(PublishError) -> [UInt8] {
        do { return try manifest.jsonBytes() } catch { throw .remoteManifestUnreadable("cannot encode: \(error)") }
    }
}
