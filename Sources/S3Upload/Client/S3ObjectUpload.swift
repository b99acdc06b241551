/// An object to upload with `S3Client.putObject` / `putObjects`.
public struct S3ObjectUpload: Sendable, Equatable {
    /// The object key (raw, not percent-encoded).
    public var key: String
    /// The bytes to store.
    public var body: [UInt8]
    /// Content-Type, e.g. "application/geo+json".
    public var contentType: String?
    /// Content-Encoding, e.g. "gzip".
    public var contentEncoding: String?
    /// Cache-Control, e.g. "public, max-age=31536000, immutable".
    public var cacheControl: String?
    /// A condition on the current object, if any.
    public var condition: S3WriteCondition?

    /// An upload; see the properties.
    public init(
        key: String, body: [UInt8], contentType: String? = nil, contentEncoding: String? = nil,
        cacheControl: String? = nil, condition: S3WriteCondition? = nil
    ) {
        self.key = key
        self.body = body
        self.contentType = contentType
        self.contentEncoding = contentEncoding
        self.cacheControl = cacheControl
        self.condition = condition
    }
}
