/// What a PUT may require of the object it replaces.
public enum S3WriteCondition: Sendable, Hashable {
    /// `If-None-Match: *`: only create; an existing object gives `.preconditionFailed`.
    case ifAbsent
    /// `If-Match: <etag>`: only replace this version; another gives `.preconditionFailed`.
    case ifMatch(String)
}
