/// A sync that could not finish: a runtime failure, exit 2.
public struct SyncError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}
