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

/// A finding as a summary shows it: the first of its kind, and how many more of that kind.
public struct SummarisedDiagnostic: Sendable, Equatable {
    public var first: Diagnostic
    public var more: Int
}

extension Array where Element == Diagnostic {
    /// Errors in full; warnings one line per kind, the first of each with how many more there
    /// are. A kind is the message with its numbers and quoted text taken out, so "ring 2 is
    /// clockwise" and "ring 5 is clockwise" are one kind. Order is kept.
    public func summarisingWarnings() -> [SummarisedDiagnostic] {
        var out: [SummarisedDiagnostic] = []
        var slotOfKind: [String: Int] = [:]
        for d in self {
            guard d.severity == .warning else {
                out.append(SummarisedDiagnostic(first: d, more: 0))
                continue
            }
            let kind = Self.kind(of: d.message)
            if let slot = slotOfKind[kind] {
                out[slot].more += 1
            } else {
                slotOfKind[kind] = out.count
                out.append(SummarisedDiagnostic(first: d, more: 0))
            }
        }
        return out
    }

    /// The message with digits and double-quoted text replaced by placeholders.
    package static func kind(of message: String) -> String {
        var kind = ""
        var inQuote = false
        var inNumber = false
        for c in message {
            if c == "\"" {
                inQuote.toggle()
                if inQuote { kind.append("\"…\"") }
                continue
            }
            if inQuote { continue }
            if c.isASCII && (c.isNumber || (inNumber && (c == "." || c == "e" || c == "-"))) {
                if !inNumber { kind.append("#") }
                inNumber = true
                continue
            }
            inNumber = false
            kind.append(c)
        }
        return kind
    }
}
