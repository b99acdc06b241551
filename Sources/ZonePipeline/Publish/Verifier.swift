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
            do { object = try store.get(a.key) } catch {
                problems.append("\(a.key): \(error)")
                continue
            }
            guard let object else {
                problems.append("\(a.key): missing")
                continue
            }
            problems += a.contentProblems(object.bytes).map { "\(a.key): \($0)" }
            if let m = object.metadata {
                if m.contentType != a.metadata.contentType {
                    problems.append("\(a.key): Content-Type \(m.contentType), expected \(a.metadata.contentType)")
                }
                if m.contentEncoding != a.metadata.contentEncoding {
                    let (found, expected) = (m.contentEncoding ?? "none", a.metadata.contentEncoding ?? "none")
                    problems.append("\(a.key): Content-Encoding \(found), expected \(expected)")
                }
            }
        }
        return (current.manifest.version, artifacts.count, problems)
    }
}
