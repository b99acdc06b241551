import Foundation

extension Publisher {
    /// The stored size and SHA-256 of `keys`, objects the target turned out to hold already
    /// (an upload found them there: an interrupted publish, or a version the current manifest no
    /// longer names, perhaps encoded at another level). Each is read back and must hold the
    /// content its name promises (the client's checks); the store never overwrites it, so the
    /// manifest adopts its bytes.
    func storedEncodings(of keys: [String], in manifest: Manifest) throws(PublishError) -> [String: StoredEncoding] {
        guard !keys.isEmpty else { return [:] }
        let checks = try PublishPlan.clientModel(of: manifest).storedObjectsByKey
        var found: [String: StoredEncoding] = [:]
        for key in keys {
            guard let check = checks[key] else { continue }
            let object: StoredObject?
            do { object = try store.get(key) } catch { throw .store(error) }
            guard let object else {
                throw .store(.failed(key: key, message: "gone after the upload found it in place"))
            }
            let stored = StoredEncoding(of: object.bytes)
            if let problem = check.artifact.problems(object.bytes, as: check.object, storedAs: stored).first {
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
