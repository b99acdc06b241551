import Foundation

extension Publisher {
    /// The stored size and SHA-256 of `keys`, objects the target turned out to hold already
    /// (an upload found them there: an interrupted publish, or a version the current manifest no
    /// longer names, perhaps encoded at another level). Each is read back and must hold the
    /// content its name promises; the store never overwrites it, so the manifest adopts its bytes.
    func storedEncodings(of keys: [String], in manifest: Manifest) throws(PublishError) -> [String: StoredEncoding] {
        guard !keys.isEmpty else { return [:] }
        let artifacts = Dictionary(manifest.artifacts.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [String: StoredEncoding] = [:]
        for key in keys {
            guard var artifact = artifacts[key] else { continue }
            let object: StoredObject?
            do { object = try store.get(key) } catch { throw .store(error) }
            guard let object else {
                throw .store(.failed(key: key, message: "gone after the upload found it in place"))
            }
            let stored = StoredEncoding(of: object.bytes)
            artifact.encodedBytes = stored.encodedBytes
            if artifact.encodedSha256 != nil { artifact.encodedSha256 = stored.encodedSha256 }
            if let problem = artifact.contentProblems(object.bytes).first {
                throw .store(
                    .failed(
                        key: key,
                        message: "the target holds other content under this name (\(problem)); it is never overwritten")
                )
            }
            found[key] = stored
        }
        return found
    }
}
