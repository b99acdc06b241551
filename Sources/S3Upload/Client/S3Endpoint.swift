import URLRedaction

/// Where an S3-compatible service listens: scheme, host and port, e.g. `http://127.0.0.1:9000`
/// or `https://s3.eu-central-1.amazonaws.com`. No path, query or user info.
public struct S3Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// The URL scheme.
    public enum Scheme: String, Sendable, Hashable {
        /// Plain HTTP (local test servers).
        case http
        /// HTTP over TLS.
        case https

        /// 80 or 443.
        public var defaultPort: Int { self == .http ? 80 : 443 }
    }

    /// http or https.
    public let scheme: Scheme
    /// The host name or IP address, lower-cased; an IPv6 address keeps its brackets ("[::1]").
    public let host: String
    /// The port, or nil for the scheme's default.
    public let port: Int?

    /// An endpoint from its parts; the port is dropped when it is the scheme's default.
    public init(scheme: Scheme, host: String, port: Int? = nil) throws(S3Error) {
        let lowered = host.lowercased()
        guard Self.isValidHost(lowered) else {
            throw .invalidConfiguration("endpoint host '\(host)' is not a host name or IP address")
        }
        if let port, !(1...65_535).contains(port) {
            throw .invalidConfiguration("endpoint port \(port) is out of range")
        }
        self.scheme = scheme
        self.host = lowered
        self.port = port == scheme.defaultPort ? nil : port
    }

    /// Parses `scheme://host[:port][/]`, e.g. "http://127.0.0.1:9000".
    /// Messages show the URL with its credentials hidden.
    public init(url: String) throws(S3Error) {
        let shown = redactingURLCredentials(url)
        guard let separator = url.range(of: "://") else {
            throw .invalidConfiguration("endpoint '\(shown)' is not an http:// or https:// URL")
        }
        guard let scheme = Scheme(rawValue: url[..<separator.lowerBound].lowercased()) else {
            throw .invalidConfiguration("endpoint '\(shown)' is not an http:// or https:// URL")
        }
        var authority = url[separator.upperBound...]
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.contains(where: { "/?#@".contains($0) }) else {
            throw .invalidConfiguration(
                "endpoint '\(shown)' must be scheme://host[:port] without path, query or user info")
        }
        var host = authority
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            guard let number = Int(authority[authority.index(after: colon)...]) else {
                throw .invalidConfiguration("endpoint '\(shown)' has a bad port")
            }
            host = authority[..<colon]
            port = number
        }
        try self.init(scheme: scheme, host: String(host), port: port)
    }

    /// The AWS endpoint of a region: `https://s3.<region>.amazonaws.com`.
    public static func aws(region: String) throws(S3Error) -> S3Endpoint {
        try S3Endpoint(scheme: .https, host: "s3.\(region).amazonaws.com")
    }

    /// "host" or "host:port", as sent in the Host header.
    public var authority: String { port.map { "\(host):\($0)" } ?? host }

    /// Whether the host is an IPv4 or IPv6 literal (virtual-hosted addressing needs a name).
    public var hostIsIPAddress: Bool {
        host.hasPrefix("[")
            || host.split(separator: ".").count == 4 && host.allSatisfy { $0 == "." || $0.isASCII && $0.isNumber }
    }

    /// e.g. "http://127.0.0.1:9000".
    public var description: String { "\(scheme.rawValue)://\(authority)" }

    private static func isValidHost(_ host: String) -> Bool {
        if host.hasPrefix("[") {
            return host.hasSuffix("]") && host.count > 2
                && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return !host.isEmpty
            && host.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            }
    }
}
