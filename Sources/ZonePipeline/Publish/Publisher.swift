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

/// The publish protocol (DESIGN.md): read the target's manifest → upload what it lacks, each
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

    /// Publishes the plan; `now` stamps the version when the build's own stamp is not newer
    /// than the target's.
    public func publish(_ plan: PublishPlan, now: Date = Date()) throws(PublishError) -> PublishResult {
        if plan.upToDate, let remote = plan.remote {
            return PublishResult(upToDate: true, version: remote.version, written: [], alreadyThere: [], bytesWritten: 0, deleted: [])
        }
        var manifest = plan.local
        if let previous = plan.remote?.version, manifest.version <= previous {
            manifest.version = Manifest.version(at: now, after: previous)
        }
        manifest.previous = plan.remote?.version
        let bytes: [UInt8]
        do { bytes = try manifest.jsonBytes() } catch { throw .remoteManifestUnreadable("cannot encode: \(error)") }

        let written: [Bool]
        do { written = try store.put(plan.uploads, condition: .absent) } catch { throw .store(error) }
        let versioned = ObjectUpload(key: "manifests/\(manifest.version).json", bytes: bytes,
                                     metadata: ObjectMetadata(contentType: "application/json", contentEncoding: nil,
                                                              cacheControl: "public, max-age=31536000, immutable"))
        let current = ObjectUpload(key: "manifest.json", bytes: bytes,
                                   metadata: ObjectMetadata(contentType: "application/json", contentEncoding: nil,
                                                            cacheControl: "public, max-age=\(manifestMaxAge)"))
        do {
            guard try store.put([versioned], condition: .absent) == [true] else { throw PublishError.anotherPublishWon(version: manifest.version) }
            let condition: WriteCondition = plan.remoteTag.map { .matches($0) } ?? .absent
            guard try store.put([current], condition: condition) == [true] else { throw PublishError.anotherPublishWon(version: winner()) }
        } catch let error as PublishError {
            throw error
        } catch StoreError.preconditionFailed {
            throw .anotherPublishWon(version: winner())
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .store(.failed(key: "manifest.json", message: "\(error)"))
        }
        // The new version is live; old versions are only clean-up, so a failure here is a warning.
        var deleted: [String] = []
        var retentionWarning: String?
        do { deleted = try Retention(store: store, keep: keepVersions).apply() } catch { retentionWarning = "\(error)" }
        let uploaded = zip(plan.uploads, written)
        return PublishResult(
            upToDate: false, version: manifest.version,
            written: uploaded.filter(\.1).map(\.0.key) + [versioned.key, current.key],
            alreadyThere: uploaded.filter { !$0.1 }.map(\.0.key),
            bytesWritten: uploaded.filter(\.1).reduce(0) { $0 + $1.0.bytes.count } + 2 * bytes.count,
            deleted: deleted, retentionWarning: retentionWarning)
    }

    /// The version now in the target's manifest.json (for the "another publish won" message).
    private func winner() -> String {
        guard let object = try? store.get("manifest.json"),
              let m = try? JSONDecoder().decode(Manifest.self, from: Data(object.bytes)) else { return "unknown" }
        return m.version
    }
}
