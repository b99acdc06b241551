import ZoneFormats

extension JSONScanner {
    /// One JSON document, the content of the artifact at `key` (named in the error).
    static func artifact(_ raw: [UInt8], key: String) throws(DiffError) -> JSONValue {
        do { return try document(raw) } catch {
            throw .unreadableArtifact(key: key, reason: "byte \(error.offset): \(error.message)")
        }
    }
}
