/// The metadata of a stored object, from the headers of a GET or HEAD.
public struct S3ObjectMetadata: Sendable, Equatable {
    /// The ETag, quotes included.
    public var etag: String
    /// Content-Length.
    public var contentLength: Int64?
    /// Content-Type.
    public var contentType: String?
    /// Content-Encoding.
    public var contentEncoding: String?
    /// Cache-Control.
    public var cacheControl: String?
    /// Last-Modified, as sent (an HTTP date).
    public var lastModified: String?

    /// Metadata from its parts.
    public init(
        etag: String, contentLength: Int64? = nil, contentType: String? = nil, contentEncoding: String? = nil,
        cacheControl: String? = nil, lastModified: String? = nil
    ) {
        self.etag = etag
        self.contentLength = contentLength
        self.contentType = contentType
        self.contentEncoding = contentEncoding
        self.cacheControl = cacheControl
        self.lastModified = lastModified
    }
}
