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
            let kept = chain.prefix(keep), dropped = chain.dropFirst(keep)
            let referenced = Set(kept.flatMap { $0.artifacts.map(\.key) })
            let removable = Set(dropped.flatMap { $0.artifacts.map(\.key) }).subtracting(referenced).sorted()
            let manifests = dropped.map { "manifests/\($0.version).json" }
            try store.delete(removable + manifests)
            return removable + manifests
        } catch let error as PublishError {
            throw error
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .store(.failed(key: "manifests/", message: "\(error)"))
        }
    }
}
