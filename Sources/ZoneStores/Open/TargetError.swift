import URLRedaction

/// A store that cannot be opened (bad endpoint, no credentials): a runtime failure, exit 2.
/// Its message shows no credentials.
public struct TargetError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) { self.message = redactingURLCredentials(message) }
}
