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

    /// The uncompressed content of `artifact`, read from its object of the first encoding in
    /// `preference` it has (brotli before gzip by default), after checking that object's stored
    /// size (and SHA-256, when listed), its encoding, the content's size and its SHA-256.
    public func content(
        of artifact: ZoneArtifact, preferring preference: [ZoneEncoding] = ZoneEncoding.preferred
    ) throws(ZoneClientError) -> [UInt8] {
        let chosen = artifact.object(preferring: preference)
        guard let stored = try object(chosen.key) else { throw .missing(key: chosen.key) }
        return try artifact.unpack(stored, from: chosen)
    }
}

extension ZoneArtifact {
    /// The uncompressed content of `stored`, the entry's own object as served, checked against
    /// this description (``unpack(_:from:)``).
    public func unpack(_ stored: [UInt8]) throws(ZoneClientError) -> [UInt8] {
        try unpack(stored, from: storedObjects[0])
    }

    /// The uncompressed content of `stored`, which is `object` as served (one of
    /// ``storedObjects``), checked by ``check(_:from:)``: the first problem found is thrown.
    public func unpack(_ stored: [UInt8], from object: ZoneObject) throws(ZoneClientError) -> [UInt8] {
        let checked = check(stored, from: object)
        if let problem = checked.problems.first { throw .corrupt(key: object.key, reason: problem) }
        guard let content = checked.content else { throw .corrupt(key: object.key, reason: "not decodable") }
        return content
    }
}
