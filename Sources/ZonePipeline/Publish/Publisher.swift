import Foundation

/// The outcome of a publish.
public struct PublishResult: Sendable {
    public var upToDate: Bool
    public var version: String
    /// Keys written (artifacts, then the versioned manifest and manifest.json).
    public var written: [String]
    /// Artifacts the target turned out to have already (If-None-Match: * answered 412).
    public var alreadyThere: [String]
    public var bytesWritten: Int
    /// Keys removed by retention.
    public var deleted: [String]
    /// Why retention could not run, if it could not (the publish itself succeeded).
    public var retentionWarning: String? = nil
}

/// The publish protocol (docs/ARCHITECTURE.md): read the target's manifest → upload what it lacks, each
/// only if absent → write manifests/<version>.json → write manifest.json last, only if it is
/// still the one read (or absent). A failure at any step leaves the previous manifest.json
/// untouched and valid, and it never names an object that is not there.
public struct Publisher: Sendable {
    public let store: ObjectStore
    public let keepVersions: Int
    public let manifestMaxAge: Int

    public init(store: ObjectStore, keepVersions: Int, manifestMaxAge: Int) {
        self.store = store
        self.keepVersions = keepVersions
        self.manifestMaxAge = manifestMaxAge
    }

    /// Publishes the plan. The version is the build's stamp, or the second after the target's
    /// version when that is not older (so a rerun of the same publish picks the same version).
    public func publish(_ plan: PublishPlan) throws(PublishError) -> PublishResult {
        store.removeLeftovers()
        if plan.upToDate, let remote = plan.remote {
            return PublishResult(
                upToDate: true, version: remote.version, written: [], alreadyThere: [], bytesWritten: 0, deleted: [])
        }
        var manifest = plan.local
        if let previous = plan.remote?.version, manifest.version <= previous {
            manifest.version = Manifest.version(following: previous)
        }
        manifest.previous = plan.remote?.version

        let written: [Bool]
        do { written = try store.put(plan.uploads, condition: .absent) } catch { throw .store(error) }
        let found = zip(plan.uploads, written).filter { !$0.1 }.map(\.0.key)
        manifest.adopt(try storedEncodings(of: found, in: manifest))
        let built = manifest
        let (version, bytes) = try writeManifests(from: manifest.version, readTag: plan.remoteTag) {
            (v: String) throws(PublishError) -> [UInt8] in
            var m = built
            m.version = v
            return try Self.encode(m)
        }
        manifest.version = version
        // The new version is live; old versions are only clean-up, so a failure here is a warning.
        var deleted: [String] = []
        var retentionWarning: String?
        do { deleted = try Retention(store: store, keep: keepVersions).apply() } catch { retentionWarning = "\(error)" }
        let uploaded = zip(plan.uploads, written)
        return PublishResult(
            upToDate: false, version: manifest.version,
            written: uploaded.filter(\.1).map(\.0.key) + [Self.versionedKey(manifest.version), "manifest.json"],
            alreadyThere: uploaded.filter { !$0.1 }.map(\.0.key),
            bytesWritten: uploaded.filter(\.1).reduce(0) { $0 + $1.0.bytes.count } + 2 * bytes.count,
            deleted: deleted, retentionWarning: retentionWarning)
    }
}
