/// A value a command cannot take (an unknown encoding, a box that is not four numbers): a usage
/// error, exit 64.
public struct OptionError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(_ message: String) { self.message = message }
}
