import Foundation

/// `publish.keep_versions`: keeps the newest N versions and removes older versioned manifests,
/// with the artifacts that only they referenced. Versions are found by following `previous`
/// from manifest.json (no listing: cheaper, and immune to listing quirks of S3 look-alikes).
/// An object a kept version references is never removed, nor is one no manifest has named
/// (another publish may be uploading it right now).
struct Retention {
    let store: ObjectStore
    let keep: Int

    /// Applies the policy; returns the removed keys.
    func apply() throws(PublishError) -> [String] {
        do {
            let chain = try VersionHistory(store: store).chain()
            guard chain.count > keep else { return [] }
            let kept = chain.prefix(keep)
            let dropped = chain.dropFirst(keep)
            let referenced = Set(kept.flatMap { $0.storedObjects.map(\.object.key) })
            let removable = Set(dropped.flatMap { $0.storedObjects.map(\.object.key) }).subtracting(referenced).sorted()
            // Manifests first, oldest first, then the artifacts: a retention cut short (killed, a
            // failed request) leaves no manifest naming a removed object, and the dropped versions
            // left still hang off the kept ones, so the next publish finishes the job. The cost of
            // a cut: artifacts of a manifest already removed are named by none, so they stay.
            // (Artifacts first left manifests/<old>.json naming removed objects, to be listed by
            // `versions` and rolled back to: bench/soak-publish.sh found it.)
            let manifests = dropped.reversed().map { "manifests/\($0.version).json" }
            try store.delete(manifests)
            try store.delete(removable)
            return manifests + removable
        } catch let error as PublishError {
            throw error
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .store(.failed(key: "manifests/", message: "\(error)"))
        }
    }
}
