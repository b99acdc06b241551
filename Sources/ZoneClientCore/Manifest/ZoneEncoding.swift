/// A content encoding of a stored object (the HTTP `Content-Encoding` it is served with).
public enum ZoneEncoding: String, Sendable, Codable, Equatable, CaseIterable {
    /// gzip (RFC 1952): every artifact has it; every client reads it.
    case gzip
    /// Brotli (RFC 7932): listed beside the gzip object when the store was built with
    /// `encodings: [gzip, br]`; about 0.56 times the gzip bytes.
    case br
    /// No encoding: the content itself. A client cache holds every object so (decoded once, at
    /// sync), and a transport that undid the `Content-Encoding` (URLSession) delivers it so.
    case identity

    /// The client's default preference: brotli when the manifest lists it, else gzip.
    public static let preferred: [ZoneEncoding] = [.br, .gzip]
}

/// One stored object that holds an artifact's content in one encoding.
public struct ZoneObject: Sendable, Equatable {
    /// The object's key in the store.
    public var key: String
    /// How the content is encoded in it.
    public var encoding: ZoneEncoding
    /// Size of the stored object.
    public var encodedBytes: Int
    /// SHA-256 (lowercase hex) of the stored object, when the manifest gives it (brotli objects).
    public var encodedSha256: String?

    /// An object description.
    public init(key: String, encoding: ZoneEncoding, encodedBytes: Int, encodedSha256: String? = nil) {
        self.key = key
        self.encoding = encoding
        self.encodedBytes = encodedBytes
        self.encodedSha256 = encodedSha256
    }
}

/// The manifest's `brotli` member of an artifact: the brotli object of the same content.
public struct ZoneBrotliObject: Codable, Sendable, Equatable {
    /// The object's key (the gzip key with `.br` for `.gz`).
    public var key: String
    /// SHA-256 (lowercase hex) of the stored brotli bytes.
    public var encodedSha256: String
    /// Size of the stored brotli bytes.
    public var encodedBytes: Int

    /// A brotli object description.
    public init(key: String, encodedSha256: String, encodedBytes: Int) {
        self.key = key
        self.encodedSha256 = encodedSha256
        self.encodedBytes = encodedBytes
    }
}
