/// A clusters query that could not be answered: exit 2.
public struct ClustersError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
