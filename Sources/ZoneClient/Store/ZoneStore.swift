/// Where a client reads a published store from: `manifest.json` plus each object at its key.
///
/// Implement ``object(_:)`` for a transport (a directory, HTTP, a test double); the rest —
/// decoding the manifest, checking and unpacking artifacts — is shared.
public protocol ZoneStore: Sendable {
    /// The object at `key`, or nil when the store has none.
    func object(_ key: String) throws(ZoneClientError) -> [UInt8]?
}

extension ZoneStore {
    /// The current `manifest.json`.
    public func manifest() throws(ZoneClientError) -> ZoneManifest {
        guard let bytes = try object("manifest.json") else { throw .missing(key: "manifest.json") }
        return try ZoneManifest.decode(bytes)
    }

    /// The uncompressed content of `artifact`, after checking its stored size, its gzip stream,
    /// its uncompressed size and its SHA-256 against the manifest.
    public func content(of artifact: ZoneArtifact) throws(ZoneClientError) -> [UInt8] {
        guard let stored = try object(artifact.key) else { throw .missing(key: artifact.key) }
        return try artifact.unpack(stored)
    }
}

extension ZoneArtifact {
    /// The uncompressed content of `stored` (the object as served), checked against this
    /// description: stored size, gzip, uncompressed size, SHA-256.
    public func unpack(_ stored: [UInt8]) throws(ZoneClientError) -> [UInt8] {
        guard stored.count == encodedBytes else {
            throw .corrupt(key: key, reason: "\(stored.count) bytes, the manifest says \(encodedBytes)")
        }
        guard let raw = Gunzip.decompress(stored, sizeHint: bytes) else {
            throw .corrupt(key: key, reason: "not a complete gzip stream")
        }
        guard raw.count == bytes else {
            throw .corrupt(key: key, reason: "\(raw.count) bytes uncompressed, the manifest says \(bytes)")
        }
        guard sha256Hex(raw) == sha256 else { throw .corrupt(key: key, reason: "sha256 differs from the manifest") }
        return raw
    }
}
