internal import Yams
import ZoneFormats

/// A problem with `pipeline.yml`: the file cannot be read, is not YAML, or does not match the schema.
///
/// Every error names a place; `description` reads `file:line:col: error: message`, the form
/// compilers and editors understand (see ``Diagnostic``).
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is, so callers can pick an exit code without parsing messages.
    public enum Kind: Sendable, Equatable {
        /// The file could not be read (missing, unreadable). A runtime failure, not a usage error.
        case io
        /// The text is not well-formed YAML (or not UTF-8).
        case syntax
        /// Well-formed YAML that breaks the schema: unknown key, wrong type, value out of range.
        case invalid
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// Where the problem is: 1-based line and column. I/O errors have line and column 0.
    public var location: SourceLocation
    /// What is wrong, without the location prefix.
    public var message: String

    /// An error of `kind` at `location`.
    public init(_ kind: Kind = .invalid, location: SourceLocation, message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// The file at `path` could not be read.
    public static func io(path: String, message: String) -> ConfigError {
        ConfigError(.io, location: SourceLocation(file: path, line: 0, column: 0), message: message)
    }

    /// The same finding as a ``Diagnostic``, for printing next to other findings.
    public var diagnostic: Diagnostic { .error(location, message) }

    /// `file:line:col: error: message`; for I/O errors, which have no position, `file: error: message`.
    public var description: String {
        if location.line == 0 { return "\(location.file): error: \(message)" }
        return diagnostic.description
    }
}

extension ConfigError {
    /// A Yams failure as a syntax error at the position Yams reports.
    init(yamlError: YamlError, yaml: String, file: String) {
        func at(_ line: Int, _ column: Int, _ message: String) -> ConfigError {
            ConfigError(.syntax, location: SourceLocation(file: file, line: line, column: column), message: message)
        }
        func problem(_ text: String, _ context: YamlError.Context?) -> String {
            guard let context else { return "invalid YAML: \(text)" }
            // libyaml's order: "while parsing X at <where>, did not find Y".
            let place = "line \(context.mark.line), column \(context.mark.column)"
            return "invalid YAML: \(context.text) at \(place), \(text)"
        }
        switch yamlError {
        case .scanner(let context, let text, let mark, _), .parser(let context, let text, let mark, _),
            .composer(let context, let text, let mark, _):
            // libyaml names a tab in the indentation only as a character "that cannot start any token".
            if let tab = YAMLPosition.indentationTab(in: yaml, throughLine: mark.line) {
                self = at(
                    tab.line, tab.column,
                    "invalid YAML: a tab indents this line; YAML allows only spaces for indentation")
            } else {
                self = at(mark.line, mark.column, problem(text, context))
            }
        case .reader(let text, let offset, _, _):
            let (line, column) = YAMLPosition.lineColumn(ofUTF8Offset: offset ?? 0, in: Array(yaml.utf8))
            self = at(line, column, "invalid YAML: \(text)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams reports the first occurrence; point at the repeat, which is what to delete.
            let key = duplicates.first ?? ""
            let first = context.mark
            let again = YAMLPosition.repeatedKey(key, after: first, in: yaml)
            self = at(
                again?.line ?? first.line, again?.column ?? first.column,
                "duplicate key '\(key)' (first at line \(first.line), column \(first.column))")
        default:
            self = at(1, 1, "invalid YAML: \(yamlError)")
        }
    }
}
