extension ZoneArtifact {
    /// The uncompressed content of `body`, a response to a GET of `object` (one of
    /// ``storedObjects``): either the object as stored, checked and decoded by
    /// ``unpack(_:from:)``, or — when the transport undid the `Content-Encoding` — the content
    /// itself, accepted when its size and SHA-256 are the manifest's. Anything else is
    /// ``ZoneClientError/corrupt(key:reason:)``, with the reason of the stored form's check.
    public func accept(_ body: [UInt8], from object: ZoneObject) throws(ZoneClientError) -> [UInt8] {
        do {
            return try unpack(body, from: object)
        } catch {
            if object.encoding != .identity, body.count == bytes, sha256Hex(body) == sha256 { return body }
            throw error
        }
    }
}
