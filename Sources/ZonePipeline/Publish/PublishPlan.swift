import Foundation
import ZoneClientCore
import ZoneFormats

/// Why a publish stopped.
public enum PublishError: Error, Equatable, Sendable, CustomStringConvertible {
    case noBuild(String)
    case corruptArtifact(key: String, reason: String)
    case remoteManifestUnreadable(String)
    case anotherPublishWon(version: String)
    /// Rollback to a version the target does not keep; `kept` lists those it does.
    case unknownVersion(String, kept: [PublishedVersion])
    case store(StoreError)
    /// A client cache whose manifest cannot be read (`verify` of a cache).
    case unreadableCache(path: String, reason: String)

    public var description: String {
        switch self {
        case .noBuild(let dir): "\(dir)/manifest.json: no build to publish (run zonectl build first)"
        case .corruptArtifact(let key, let reason): "\(key): \(reason); rebuild before publishing"
        case .remoteManifestUnreadable(let reason): "the published manifest.json cannot be read: \(reason)"
        case .anotherPublishWon(let version):
            "another publish won (version \(version)); nothing was overwritten, run publish again to publish on top of it"
        case .unknownVersion(let version, let kept):
            "no version \(version) on the target; kept: "
                + (kept.isEmpty
                    ? "none" : kept.map { $0.version + ($0.isCurrent ? " (current)" : "") }.joined(separator: ", "))
        case .store(let e): e.description
        case .unreadableCache(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// What a publish would do: the artifacts the target lacks, against its current manifest.
public struct PublishPlan: Sendable {
    /// The build's manifest.
    public var local: Manifest
    /// The target's manifest.json (as every reader of a store reads it) and its tag, if it has one.
    public var remote: ZoneManifest?
    public var remoteTag: String?
    /// Artifacts to upload, with their bytes read from the build directory.
    public var uploads: [ObjectUpload]
    /// True when the target already serves exactly these artifacts.
    public var upToDate: Bool

    public var uploadBytes: Int { uploads.reduce(0) { $0 + $1.bytes.count } }

    /// Compares the build in `dist` with what `store` serves.
    /// Objects the target's manifest names already are described as they are stored there (the
    /// build may have encoded them at another level: ``StoredEncoding``).
    public static func make(dist: String, store: ObjectStore) throws(PublishError) -> PublishPlan {
        guard let data = FileManager.default.contents(atPath: dist + "/manifest.json"),
            var local = try? JSONDecoder().decode(Manifest.self, from: data)
        else { throw .noBuild(dist) }
        let current: StoredObject?
        do { current = try store.get("manifest.json") } catch { throw .store(error) }
        let remote = try current.map { object throws(PublishError) in
            try ZoneManifest.stored(object.bytes) { PublishError.remoteManifestUnreadable($0) }
        }
        let served = Set(remote?.storedObjects.map(\.object.key) ?? [])
        if let remote { local.adopt(remote.storedEncodings) }
        let read = try clientModel(of: local)
        let checks = read.storedObjectsByKey
        var uploads: [ObjectUpload] = []
        for artifact in local.artifacts where !served.contains(artifact.key) {
            let bytes = try readChecked(artifact.key, checks[artifact.key], dist: dist)
            uploads.append(ObjectUpload(key: artifact.key, bytes: bytes, metadata: artifact.metadata))
        }
        let upToDate = remote.map {
            $0.styles == read.styles && $0.cities == read.cities && $0.points == read.points && $0.tiles == read.tiles
        }
        return PublishPlan(
            local: local, remote: remote, remoteTag: current?.etag, uploads: uploads, upToDate: upToDate ?? false)
    }

    /// The manifest as a store's reader reads it (the build's manifest is read back like the target's).
    static func clientModel(of manifest: Manifest) throws(PublishError) -> ZoneManifest {
        do { return try manifest.clientModel() } catch { throw .remoteManifestUnreadable("\(error)") }
    }

    /// The object's bytes, checked against the manifest by the client's checks.
    static func readChecked(
        _ key: String, _ check: (artifact: ZoneArtifact, object: ZoneObject)?, dist: String
    ) throws(PublishError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: dist + "/" + key) else {
            throw .corruptArtifact(key: key, reason: "missing from \(dist)")
        }
        let bytes = [UInt8](data)
        if let check, let problem = check.artifact.problems(bytes, as: check.object).first {
            throw .corruptArtifact(key: key, reason: problem)
        }
        return bytes
    }
}

extension Manifest {
    /// One published object a manifest names.
    public struct Artifact: Sendable {
        public var key: String
        public var sha256: String
        public var bytes: Int
        public var encodedBytes: Int
        /// SHA-256 of the stored bytes, when the manifest gives it (brotli artifacts).
        public var encodedSha256: String? = nil
        public var metadata: ObjectMetadata
    }

    /// The style table, every city artifact (each followed by its brotli artifact when it has
    /// one), every point file and the tile archive, with the headers they are served with.
    public var artifacts: [Artifact] {
        let immutable = "public, max-age=31536000, immutable"
        let style = Artifact(
            key: styles.key, sha256: styles.sha256, bytes: styles.bytes, encodedBytes: styles.encodedBytes,
            encodedSha256: styles.encodedSha256,
            metadata: ObjectMetadata(
                contentType: "application/json", contentEncoding: styles.contentEncoding ?? "gzip",
                cacheControl: immutable))
        let cityArtifacts = cities.map {
            Artifact(
                key: $0.key, sha256: $0.sha256, bytes: $0.bytes, encodedBytes: $0.encodedBytes,
                encodedSha256: $0.encodedSha256,
                metadata: ObjectMetadata(
                    contentType: $0.contentType, contentEncoding: $0.contentEncoding, cacheControl: immutable))
        }
        let pointArtifacts = pointFiles.map {
            Artifact(
                key: $0.key, sha256: $0.sha256, bytes: $0.bytes, encodedBytes: $0.encodedBytes,
                metadata: ObjectMetadata(
                    contentType: $0.key.hasSuffix(".json.gz") ? "application/json" : "application/geo+json",
                    contentEncoding: "gzip", cacheControl: immutable))
        }
        let gzipped = zip([style] + cityArtifacts, [styles.brotli] + cities.map(\.brotli)).flatMap { gzip, brotli in
            [gzip] + (brotli.map { [gzip.brotli($0)] } ?? [])
        }
        let archive = tiles.map {
            Artifact(
                key: $0.key, sha256: $0.sha256, bytes: $0.bytes, encodedBytes: $0.encodedBytes,
                metadata: ObjectMetadata(
                    contentType: Manifest.TilesEntry.contentType, contentEncoding: nil, cacheControl: immutable))
        }
        return gzipped + pointArtifacts + (archive.map { [$0] } ?? [])
    }
}

extension Manifest.Artifact {
    /// The brotli encoding of this (gzip) artifact's content, served as `br`.
    func brotli(_ encoded: Manifest.EncodedArtifact) -> Manifest.Artifact {
        var metadata = metadata
        metadata.contentEncoding = "br"
        return Manifest.Artifact(
            key: encoded.key, sha256: sha256, bytes: bytes, encodedBytes: encoded.encodedBytes,
            encodedSha256: encoded.encodedSha256, metadata: metadata)
    }
}
