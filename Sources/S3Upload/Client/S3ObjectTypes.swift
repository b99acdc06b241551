/// What a PUT may require of the object it replaces.
public enum S3WriteCondition: Sendable, Hashable {
    /// `If-None-Match: *`: only create; an existing object gives `.preconditionFailed`.
    case ifAbsent
    /// `If-Match: <etag>`: only replace this version; another gives `.preconditionFailed`.
    case ifMatch(String)
}

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

/// The outcome of a conditional GET.
public enum S3GetResult: Sendable, Equatable {
    /// The object (it differs from the ETag given, or none was given).
    case object(S3Object)
    /// 304: the object still has the ETag given in If-None-Match.
    case notModified
}

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

/// One page of ListObjectsV2.
public struct S3ListPage: Sendable, Equatable {
    /// The objects of this page, in key order.
    public var objects: [S3ObjectSummary]
    /// The token for the next page; nil on the last page.
    public var nextContinuationToken: String?

    /// A page from its parts.
    public init(objects: [S3ObjectSummary], nextContinuationToken: String?) {
        self.objects = objects
        self.nextContinuationToken = nextContinuationToken
    }
}
