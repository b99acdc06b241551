/// One entry of a ListObjectsV2 page.
public struct S3ObjectSummary: Sendable, Hashable {
    /// The object key.
    public var key: String
    /// The size in bytes.
    public var size: Int64
    /// The ETag, quotes included.
    public var etag: String
    /// LastModified, as sent (ISO 8601).
    public var lastModified: String

    /// A summary from its parts.
    public init(key: String, size: Int64, etag: String, lastModified: String) {
        self.key = key
        self.size = size
        self.etag = etag
        self.lastModified = lastModified
    }
}
