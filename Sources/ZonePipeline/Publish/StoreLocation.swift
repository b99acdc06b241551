import Foundation
import URLRedaction

/// Where a store is, as a target, `--against` or `--from` names it: a directory (a path, or a
/// `file:` URL as RFC 8089 writes it), an S3 prefix (`s3://bucket/prefix`), or, for a command
/// that reads over HTTP, an `http(s)://` base URL. Anything else is refused, so a URL of an
/// unsupported scheme never becomes a local folder of that name.
public enum StoreLocation: Equatable, Sendable {
    /// A local directory, its path decoded from a `file:` URL.
    case directory(String)
    /// An S3 bucket and key prefix ("" or ending in "/").
    case s3(bucket: String, prefix: String)
    /// An HTTP(S) base URL, as given.
    case http(String)

    /// The forms a command accepts.
    public enum Form: Sendable {
        case directory, s3, http
    }

    /// Parses `text`; `accepting` lists the forms the command supports (a scheme outside them is
    /// refused, naming those it supports), `option` names where `text` came from in errors.
    public init(_ text: String, accepting forms: Set<Form>, option: String) throws(StoreLocationError) {
        let refuse = { (problem: String) in
            StoreLocationError(message: "\(option) \(redactingURLCredentials(text)): \(problem)")
        }
        guard let scheme = Self.scheme(of: text) else {
            guard forms.contains(.directory), !text.isEmpty else { throw refuse(Self.supported(forms)) }
            self = .directory(text)
            return
        }
        let rest = text[text.index(text.startIndex, offsetBy: scheme.count + 1)...]
        switch scheme.lowercased() {
        case "file" where forms.contains(.directory):
            self = .directory(try Self.filePath(rest, refuse: refuse))
        case "s3" where forms.contains(.s3):
            guard rest.hasPrefix("//") else { throw refuse("expected s3://bucket/prefix") }
            let path = rest.dropFirst(2)
            guard !path.contains(where: { $0 == "?" || $0 == "#" }) else {
                throw refuse("an s3:// target has no query or fragment")
            }
            let bucket = String(path.prefix { $0 != "/" })
            guard !bucket.isEmpty else { throw refuse("expected s3://bucket/prefix (no bucket)") }
            guard !bucket.contains("@"), !bucket.contains(":") else {
                throw refuse(
                    "an s3:// target names a bucket, without user info or port (credentials come from the environment)")
            }
            var prefix = String(path.dropFirst(bucket.count).drop { $0 == "/" })
            if !prefix.isEmpty, !prefix.hasSuffix("/") { prefix += "/" }
            self = .s3(bucket: bucket, prefix: prefix)
        case "http" where forms.contains(.http), "https" where forms.contains(.http):
            guard rest.hasPrefix("//"), rest.count > 2 else { throw refuse("expected \(scheme)://host/path") }
            self = .http(text)
        default:
            throw refuse(Self.supported(forms))
        }
    }

    /// The URL scheme `text` starts with (RFC 3986: a letter, then letters, digits, `+`, `-`
    /// or `.`, then `:`), or nil for a path.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon]
        guard let first = name.first, first.isASCII, first.isLetter,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(name)
    }

    /// The path of a `file:` URL after its scheme (RFC 8089): `///abs`, `//localhost/abs` or
    /// `/abs`, percent-decoded; another host, a relative path, a query or a fragment is refused.
    private static func filePath(_ rest: Substring, refuse: (String) -> StoreLocationError) throws(StoreLocationError)
        -> String
    {
        var path = rest
        if path.hasPrefix("//") {
            let authority = path.dropFirst(2).prefix { $0 != "/" }
            guard authority.isEmpty || authority.lowercased() == "localhost" else {
                throw refuse("a file: URL on another host is not a local directory; use file:///path")
            }
            path = path.dropFirst(2 + authority.count)
        }
        guard path.hasPrefix("/") else { throw refuse("expected file:///absolute/path") }
        guard !path.contains(where: { $0 == "?" || $0 == "#" }) else {
            throw refuse("a file: URL has no query or fragment (write ? and # as %3F and %23)")
        }
        guard let decoded = String(path).removingPercentEncoding else {
            throw refuse("bad percent-encoding in the path")
        }
        return decoded
    }

    private static func supported(_ forms: Set<Form>) -> String {
        var names: [String] = []
        if forms.contains(.directory) { names.append("a directory path, file:///path") }
        if forms.contains(.s3) { names.append("s3://bucket/prefix") }
        if forms.contains(.http) { names.append("http(s)://host/path") }
        return "not a supported store location; supported: " + names.joined(separator: ", ")
    }

    /// For messages: the directory, `s3://bucket/prefix`, or the URL with its credentials hidden.
    public var description: String {
        switch self {
        case .directory(let path): path
        case .s3(let bucket, let prefix): "s3://\(bucket)/\(prefix)"
        case .http(let url): redactingURLCredentials(url)
        }
    }
}

/// A store location that is not one the command supports: a usage error.
public struct StoreLocationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
