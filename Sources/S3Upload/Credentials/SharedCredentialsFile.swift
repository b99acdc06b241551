/// The profiles of an AWS shared credentials file (`~/.aws/credentials`), parsed as the AWS CLI's
/// INI reader does: `[name]` opens the profile `name`; `key = value` (or `key: value`) lines
/// belong to the open profile, keys compared case-insensitively; `#` and `;` start comment lines;
/// indented lines continue a nested value and are ignored here. A repeated section merges into
/// the earlier one, later keys winning.
struct SharedCredentialsFile: Sendable {
    /// Profile name → lower-cased key → value (trimmed).
    private(set) var profiles: [String: [String: String]] = [:]

    /// Parses `text`; `path` only names the file in errors, which carry a line number but never
    /// the line itself (it may hold a secret).
    init(parsing text: String, path: String) throws(CredentialsError) {
        var section: String?
        var number = 0
        // "\r\n" is one Character in Swift, so split on each line-ending form.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for var line in lines {
            number += 1
            if number == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.first == "#" || trimmed.first == ";" { continue }
            if line.first == " " || line.first == "\t" { continue }  // continuation of a nested value
            if trimmed.first == "[" {
                section = try Self.sectionName(trimmed, path: path, line: number)
                if let name = section, profiles[name] == nil { profiles[name] = [:] }
                continue
            }
            guard let name = section,
                let separator = trimmed.firstIndex(where: { $0 == "=" || $0 == ":" })
            else { throw .malformedFile(file: path, line: number) }
            let key = trimmed[..<separator].trimmingSpaces.lowercased()
            guard !key.isEmpty else { throw .malformedFile(file: path, line: number) }
            profiles[name, default: [:]][key] = String(trimmed[trimmed.index(after: separator)...].trimmingSpaces)
        }
    }

    /// The name inside `[ … ]`; anything after `]` must be a comment.
    private static func sectionName(_ text: Substring, path: String, line: Int) throws(CredentialsError) -> String {
        guard let close = text.lastIndex(of: "]") else { throw .malformedFile(file: path, line: line) }
        let name = text[text.index(after: text.startIndex)..<close].trimmingSpaces
        let rest = text[text.index(after: close)...].trimmingSpaces
        guard !name.isEmpty, rest.isEmpty || rest.first == "#" || rest.first == ";" else {
            throw .malformedFile(file: path, line: line)
        }
        return String(name)
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
