/// The outcome of a conditional GET.
public enum S3GetResult: Sendable, Equatable {
    /// The object (it differs from the ETag given, or none was given).
    case object(S3Object)
    /// 304: the object still has the ETag given in If-None-Match.
    case notModified
}
