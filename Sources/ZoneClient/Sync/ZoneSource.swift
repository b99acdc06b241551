/// A published store a client syncs from: a ``ZoneStore`` that also answers a conditional poll
/// of `manifest.json`. Implementations: ``HTTPStore`` (libcurl), ``DirectoryStore`` (a local
/// store), or a test double.
public protocol ZoneSource: ZoneStore {
    /// `manifest.json`, unless its version tag still equals `etag` (HTTP `If-None-Match`).
    func pollManifest(ifNoneMatch etag: String?) throws(ZoneClientError) -> ManifestPoll
}

/// The answer to a manifest poll.
public enum ManifestPoll: Sendable, Equatable {
    /// The manifest still has the tag the client sent (HTTP 304): nothing to do.
    case notModified
    /// The manifest's bytes, and its version tag when the source has one.
    case manifest(bytes: [UInt8], etag: String?)
}

extension DirectoryStore: ZoneSource {
    /// A local store has no ETags: the tag is the SHA-256 of the manifest's bytes.
    public func pollManifest(ifNoneMatch etag: String?) throws(ZoneClientError) -> ManifestPoll {
        guard let bytes = try object("manifest.json") else { throw .missing(key: "manifest.json") }
        let tag = "\"" + sha256Hex(bytes) + "\""
        return tag == etag ? .notModified : .manifest(bytes: bytes, etag: tag)
    }
}
