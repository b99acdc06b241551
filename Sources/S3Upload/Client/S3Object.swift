/// An object's bytes and metadata.
public struct S3Object: Sendable, Equatable {
    /// The stored bytes (as stored: a gzip Content-Encoding is not undone).
    public var body: [UInt8]
    /// ETag, type, encoding, caching.
    public var metadata: S3ObjectMetadata

    /// An object from its parts.
    public init(body: [UInt8], metadata: S3ObjectMetadata) {
        self.body = body
        self.metadata = metadata
    }
}
