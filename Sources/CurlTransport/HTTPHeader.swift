/// One HTTP header: name and value, as sent or received.
public struct HTTPHeader: Sendable, Equatable {
    /// The header's name, as written (compare case-insensitively).
    public var name: String
    /// The value, without surrounding spaces.
    public var value: String

    /// A header.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
