/// The working zones have errors: `diff` has nothing to compare (a runtime failure, exit 2).
public struct WorkingZonesDoNotBuild: Error, CustomStringConvertible {
    public var errors: Int
    public init(errors: Int) { self.errors = errors }
    public var description: String { "the working zones do not build: \(plural(errors, "error"))" }
}
