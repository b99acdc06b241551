extension ZoneTransport {
    /// The content of `artifact`, read from `object` (one of its stored objects) and checked
    /// (``ZoneArtifact/accept(_:from:)``); a missing object is ``ZoneClientError/missing(key:)``.
    func content(of artifact: ZoneArtifact, from object: ZoneObject) async throws(ZoneClientError) -> [UInt8] {
        guard let body = try await self.object(object.key) else { throw .missing(key: object.key) }
        return try artifact.accept(body, from: object)
    }
}
