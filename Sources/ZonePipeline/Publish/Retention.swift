import Foundation

/// `publish.keep_versions`: keeps the newest N versioned manifests and removes older ones,
/// with the artifacts that only they referenced. An object a kept manifest (or manifest.json)
/// references is never removed, nor is one no manifest has ever named (another publish may be
/// uploading it right now).
struct Retention {
    let store: ObjectStore
    let keep: Int

    /// Applies the policy; returns the removed keys.
    func apply() throws(PublishError) -> [String] {
        do {
            let versions = try store.list(prefix: "manifests/").filter { $0.hasSuffix(".json") }.sorted()
            guard versions.count > keep else { return [] }
            let dropped = Array(versions.dropLast(keep))
            let kept = Array(versions.suffix(keep)) + ["manifest.json"]
            var referenced = Set<String>()
            for key in kept { referenced.formUnion(try artifactKeys(key)) }
            var candidates = Set<String>()
            for key in dropped { candidates.formUnion(try artifactKeys(key)) }
            let removable = candidates.subtracting(referenced).sorted()
            try store.delete(removable + dropped)
            return removable + dropped
        } catch {
            throw .store(error)
        }
    }

    /// The artifact keys the manifest at `key` names (none if it is gone). A manifest that
    /// cannot be read stops retention: what it references cannot be known.
    private func artifactKeys(_ key: String) throws(StoreError) -> Set<String> {
        guard let object = try store.get(key) else { return [] }
        guard let m = try? JSONDecoder().decode(Manifest.self, from: Data(object.bytes)) else {
            throw .failed(key: key, message: "not a zonectl manifest; retention skipped")
        }
        return Set(m.artifacts.map(\.key))
    }
}
