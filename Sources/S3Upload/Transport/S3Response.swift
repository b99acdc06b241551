/// An HTTP response from S3: status, headers (names as received) and body.
public struct S3Response: Sendable, Equatable {
    /// The status code, e.g. 200 or 304.
    public var status: Int
    /// The header lines of the final response, in order.
    public var headers: [SignableRequest.Header]
    /// The body (empty for HEAD and 304).
    public var body: [UInt8]

    /// A response from its parts.
    public init(status: Int, headers: [SignableRequest.Header], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (compared case-insensitively).
    public func value(forHeader name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// The `ETag` header, quotes included (`"9b2cf535f27731c974343645a3985328"`), as S3
    /// expects it back in If-Match / If-None-Match.
    public var etag: String? { value(forHeader: "ETag") }

    /// The request ID (`x-amz-request-id`, or moto's `x-amzn-requestid`).
    public var requestID: String? { value(forHeader: "x-amz-request-id") ?? value(forHeader: "x-amzn-requestid") }
}
