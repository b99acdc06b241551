import Foundation

/// `zonectl verify`: fetches manifest.json and every artifact as a client would, and checks
/// each against the manifest: present, size, SHA-256 of the content, Content-Type and
/// Content-Encoding (where the store keeps them).
public struct Verifier: Sendable {
    public let store: ObjectStore

    public init(store: ObjectStore) { self.store = store }

    /// Problems found (empty: the target serves a consistent version), and the version checked.
    public func verify() throws(PublishError) -> (version: String, checked: Int, problems: [String]) {
        guard let current = try VersionHistory(store: store).currentManifest() else {
            throw .remoteManifestUnreadable("the target has no manifest.json")
        }
        var problems: [String] = []
        let artifacts = current.manifest.artifacts
        for a in artifacts {
            let object: StoredObject?
            do { object = try store.get(a.key) } catch { problems.append("\(a.key): \(error)"); continue }
            guard let object else { problems.append("\(a.key): missing"); continue }
            if object.bytes.count != a.encodedBytes { problems.append("\(a.key): \(object.bytes.count) bytes, manifest says \(a.encodedBytes)") }
            if let raw = try? Gzip.decompress(object.bytes) {
                if raw.count != a.bytes { problems.append("\(a.key): \(raw.count) bytes uncompressed, manifest says \(a.bytes)") }
                if sha256Hex(raw) != a.sha256 { problems.append("\(a.key): sha256 differs from the manifest") }
            } else {
                problems.append("\(a.key): not gzip data")
            }
            if let m = object.metadata {
                if m.contentType != a.metadata.contentType { problems.append("\(a.key): Content-Type \(m.contentType), expected \(a.metadata.contentType)") }
                if m.contentEncoding != a.metadata.contentEncoding { problems.append("\(a.key): Content-Encoding \(m.contentEncoding ?? "none"), expected gzip") }
            }
        }
        return (current.manifest.version, artifacts.count, problems)
    }
}
