/// A place in a source file, 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// How bad a finding is: errors stop a build, warnings do not.
public enum Severity: String, Sendable, Hashable, Codable {
    case error, warning
}

/// One finding about the input, with where it is.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, _ location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, location, message)
    }

    public static func warning(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, location, message)
    }

    /// `path:line:col: error: message`, the form compilers and editors understand.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

extension Array where Element == Diagnostic {
    /// True when any finding is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
