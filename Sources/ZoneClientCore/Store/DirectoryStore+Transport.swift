extension DirectoryStore: ZoneTransport {
    /// The file at `key` (``object(_:)``, the store's synchronous read).
    private func read(_ key: String) throws(ZoneClientError) -> [UInt8]? { try object(key) }

    /// A file of the directory as an HTTP server would serve it: 200 with its bytes, 404 when
    /// there is none, 206 for a range. A directory has no ETags: the tag of `manifest.json` (and
    /// of any object asked for with `If-None-Match`) is the SHA-256 of its bytes, and a request
    /// whose tag still matches is answered 304.
    public func get(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse {
        if Task.isCancelled { throw .cancelled }
        guard let bytes = try read(request.key) else { return ZoneResponse(status: 404) }
        let tag = request.key == "manifest.json" || request.ifNoneMatch != nil ? "\"" + sha256Hex(bytes) + "\"" : nil
        return ZoneResponse(serving: bytes, etag: tag, for: request)
    }
}
