/// An AWS access key pair, with the session token that temporary credentials carry.
///
/// Every textual form (`description`, `debugDescription`, `dump`, string interpolation) shows
/// at most the first four characters of the access key ID and never the secret or the token.
public struct Credentials: Sendable, Equatable {
    /// The access key ID, e.g. "AKIAIOSFODNN7EXAMPLE"; it appears in every Authorization header.
    public let accessKeyID: String
    /// The secret access key: only ever used as HMAC key material, never printed.
    public let secretAccessKey: String
    /// The session token of temporary credentials (sent as `x-amz-security-token`), never printed.
    public let sessionToken: String?

    /// Credentials from their parts; an empty session token counts as none.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension Credentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// e.g. "AKIA…(redacted)" or "AKIA…(redacted, session token)".
    public var description: String {
        let shown = accessKeyID.count > 4 ? String(accessKeyID.prefix(4)) : ""
        return sessionToken == nil ? "\(shown)…(redacted)" : "\(shown)…(redacted, session token)"
    }

    /// The same redacted text as `description`.
    public var debugDescription: String { "Credentials(\(description))" }

    /// A mirror without the secret or the token, so that `dump` and reflection cannot show them.
    public var customMirror: Mirror {
        Mirror(self, children: ["credentials": description], displayStyle: .struct)
    }
}
