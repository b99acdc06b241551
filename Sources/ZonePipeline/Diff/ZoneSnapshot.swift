import Foundation

/// One side of a diff: a manifest and the uncompressed bytes of the artifacts it names.
///
/// "Before" is what a store serves (S3 or a local store) or what a build directory holds;
/// "after" is usually a build made in memory. Every artifact is checked against its manifest
/// entry (size, gzip, SHA-256) as it is read.
public struct ZoneSnapshot: Sendable {
    /// Where it came from, for people (a target or directory name; never a credential).
    public var name: String
    /// The manifest; nil when the source has none yet (nothing published): every city is new.
    public var manifest: Manifest?
    /// The published version shown for this side (nil for a build made in memory).
    public var version: String?
    /// The stored (gzip'd) bytes of an artifact, nil when absent.
    let fetch: @Sendable (String) throws(DiffError) -> [UInt8]?

    /// A snapshot over any source of stored artifact bytes.
    public init(name: String, manifest: Manifest?, fetch: @escaping @Sendable (String) throws(DiffError) -> [UInt8]?) {
        self.name = name
        self.manifest = manifest
        self.version = manifest?.version
        self.fetch = fetch
    }

    /// What `store` serves: its manifest.json and the artifacts it names. A build directory
    /// (`dist/`) has the same layout, so `LocalStore(root: "dist")` reads one too.
    public static func published(_ store: ObjectStore) throws(DiffError) -> ZoneSnapshot {
        let object: StoredObject?
        do { object = try store.get("manifest.json") } catch { throw .store(error) }
        var manifest: Manifest?
        if let object {
            manifest = try Manifest.decodeStored(object.bytes) {
                DiffError.unreadableManifest(source: store.name, reason: $0)
            }
        }
        return ZoneSnapshot(name: store.name, manifest: manifest) { key throws(DiffError) in
            do throws(StoreError) { return try store.get(key)?.bytes } catch { throw .store(error) }
        }
    }

    /// A build made in memory (nothing written anywhere).
    public static func built(_ output: BuildOutput, name: String) -> ZoneSnapshot {
        let files = Dictionary(output.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        var snapshot = ZoneSnapshot(name: name, manifest: output.manifest) { key in files[key] }
        snapshot.version = nil
        return snapshot
    }

    /// The uncompressed bytes of `artifact`, checked against the manifest.
    func content(of artifact: Manifest.Artifact) throws(DiffError) -> [UInt8] {
        guard let stored = try fetch(artifact.key) else {
            throw .corruptArtifact(key: artifact.key, reason: "missing from \(name)")
        }
        if let problem = artifact.contentProblems(stored).first {
            throw .corruptArtifact(key: artifact.key, reason: problem)
        }
        do { return try artifact.decoded(stored) } catch {
            throw .corruptArtifact(key: artifact.key, reason: artifact.isBrotli ? "not brotli data" : "not gzip data")
        }
    }
}

extension Manifest.CityEntry {
    /// This city's artifact as ``Manifest/Artifact`` (for the checks it carries).
    var artifact: Manifest.Artifact {
        Manifest.Artifact(
            key: key, sha256: sha256, bytes: bytes, encodedBytes: encodedBytes, encodedSha256: encodedSha256,
            metadata: ObjectMetadata(contentType: contentType, contentEncoding: contentEncoding, cacheControl: ""))
    }
}

extension Manifest.StylesEntry {
    /// The style table's artifact as ``Manifest/Artifact``.
    var artifact: Manifest.Artifact {
        Manifest.Artifact(
            key: key, sha256: sha256, bytes: bytes, encodedBytes: encodedBytes, encodedSha256: encodedSha256,
            metadata: ObjectMetadata(
                contentType: "application/json", contentEncoding: contentEncoding ?? "gzip", cacheControl: ""))
    }
}
