/// An HTTP request as SigV4 sees it, before and after signing. `SigV4Signer.sign` adds
/// `X-Amz-Date`, `x-amz-content-sha256` (S3), `X-Amz-Security-Token` and `Authorization`.
///
/// `path` and `query` hold raw (decoded) text; `encodedPath` and `encodedQuery` are the forms to
/// send, identical to the ones that are signed. Textual forms redact `Authorization` and
/// `X-Amz-Security-Token`.
public struct SignableRequest: Sendable, Equatable {
    /// The HTTP method, e.g. "PUT".
    public var method: String
    /// The raw path, starting with "/": for path-style S3 "/bucket/key", for virtual-hosted
    /// "/key"; not percent-encoded and never normalised.
    public var path: String
    /// The query parameters, raw; a parameter without a value (`?lifecycle`) has value "".
    public var query: [QueryItem]
    /// The headers to send and sign, in order; a name may repeat. Must include `Host`.
    public var headers: [Header]
    /// The body's SHA-256 (or `.unsigned`).
    public var payloadHash: PayloadHash

    /// A request; `headers` must include `Host` (as sent, with a non-default port).
    public init(method: String, path: String, query: [QueryItem] = [], headers: [Header] = [], payloadHash: PayloadHash)
    {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.payloadHash = payloadHash
    }

    /// The path as sent and as signed (`S3URIEncoding.encodePath`); "/" when `path` is empty.
    public var encodedPath: String { path.isEmpty ? "/" : S3URIEncoding.encodePath(path) }

    /// The canonical query string, which is also a valid query to send: names and values
    /// encoded (`S3URIEncoding.encodeQueryComponent`), sorted by encoded name then value,
    /// `name=value` joined with '&' (an empty value gives "name=").
    public var encodedQuery: String {
        query.map { (S3URIEncoding.encodeQueryComponent($0.name), S3URIEncoding.encodeQueryComponent($0.value)) }
            .sorted { lhs, rhs in
                lhs.0 == rhs.0
                    ? lhs.1.utf8.lexicographicallyPrecedes(rhs.1.utf8)
                    : lhs.0.utf8.lexicographicallyPrecedes(rhs.0.utf8)
            }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    /// The request target for the request line: `encodedPath`, then `?encodedQuery` if any.
    public var requestTarget: String {
        query.isEmpty ? encodedPath : encodedPath + "?" + encodedQuery
    }

    /// The values of the header `name` (compared case-insensitively), in order.
    public func values(forHeader name: String) -> [String] {
        let lowered = name.lowercased()
        return headers.filter { $0.name.lowercased() == lowered }.map(\.value)
    }

    /// Drops every header called `name` (compared case-insensitively).
    public mutating func removeHeaders(named name: String) {
        let lowered = name.lowercased()
        headers.removeAll { $0.name.lowercased() == lowered }
    }
}

extension SignableRequest {
    /// One header line; `description` redacts the values of credential-bearing headers.
    public struct Header: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable
    {
        /// The name as sent; compared case-insensitively.
        public var name: String
        /// The value as sent; signing trims it and collapses runs of whitespace.
        public var value: String

        /// A header line `name: value`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }

        /// Names whose values grant access: Authorization and the session token.
        static let redactedNames: Set<String> = ["authorization", "x-amz-security-token", "proxy-authorization"]

        /// The value, or "(redacted)" for a credential-bearing header.
        public var displayValue: String {
            Self.redactedNames.contains(name.lowercased()) ? "(redacted)" : value
        }

        /// "name: value", with credential-bearing values redacted.
        public var description: String { "\(name): \(displayValue)" }

        /// Same as `description`.
        public var debugDescription: String { description }

        /// Name and redacted value, so that `dump` cannot show a token.
        public var customMirror: Mirror { Mirror(self, children: ["name": name, "value": displayValue]) }
    }

    /// One query parameter, raw (not percent-encoded).
    public struct QueryItem: Sendable, Equatable {
        /// The raw name.
        public var name: String
        /// The raw value; "" for a parameter without one.
        public var value: String

        /// A parameter `name=value`.
        public init(_ name: String, _ value: String = "") {
            self.name = name
            self.value = value
        }
    }
}

extension SignableRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// "PUT /bucket/a%20b?x=y" followed by the headers, credential-bearing values redacted.
    public var description: String {
        "\(method) \(requestTarget) [" + headers.map(\.description).joined(separator: "; ") + "]"
    }

    /// Same as `description`.
    public var debugDescription: String { description }

    /// The parts, with headers redacted as in `description`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method, "target": requestTarget, "headers": headers.map(\.description),
                "payloadHash": payloadHash.value,
            ])
    }
}
