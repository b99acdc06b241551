/// One S3 request before signing: method, object key (or none, for the bucket itself), query,
/// headers and body. `S3Client` adds Host, Content-Length and the SigV4 headers, and signs it
/// again for every attempt.
public struct S3Request: Sendable, Equatable {
    /// "GET", "PUT", "HEAD", "DELETE" or "POST".
    public var method: String
    /// The raw object key (not percent-encoded), or nil for a bucket request.
    public var key: String?
    /// Raw query parameters, e.g. `list-type=2`.
    public var query: [SignableRequest.QueryItem]
    /// Headers to send and sign, e.g. Content-Type or If-None-Match. Not Host, Content-Length,
    /// Authorization or X-Amz-Date: the client sets those.
    public var headers: [SignableRequest.Header]
    /// The body (empty for GET, HEAD, DELETE).
    public var body: [UInt8]

    /// A request; see the properties.
    public init(
        method: String, key: String?, query: [SignableRequest.QueryItem] = [],
        headers: [SignableRequest.Header] = [], body: [UInt8] = []
    ) {
        self.method = method
        self.key = key
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Headers the client owns; a request that sets one is rejected.
    static let reservedHeaders: Set<String> = [
        "host", "content-length", "authorization", "x-amz-date", "x-amz-content-sha256",
        "x-amz-security-token", "expect", "transfer-encoding",
    ]

    /// Throws `.invalidRequest` when the request cannot be sent as it is.
    func validate() throws(S3Error) {
        guard ["GET", "PUT", "HEAD", "DELETE", "POST"].contains(method) else {
            throw .invalidRequest("unsupported method '\(method)'")
        }
        if let key {
            guard !key.isEmpty, key.utf8.count <= 1024 else {
                throw .invalidRequest("object keys are 1 to 1024 UTF-8 bytes")
            }
        }
        guard method == "PUT" || method == "POST" || body.isEmpty else {
            throw .invalidRequest("\(method) takes no body")
        }
        for header in headers {
            guard !header.name.isEmpty, header.name.utf8.allSatisfy(Self.isTokenByte) else {
                throw .invalidRequest("'\(header.name)' is not a header name")
            }
            guard !Self.reservedHeaders.contains(header.name.lowercased()) else {
                throw .invalidRequest("the client sets the \(header.name) header itself")
            }
            guard !header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw .invalidRequest("the value of \(header.name) contains a line break")
            }
        }
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
