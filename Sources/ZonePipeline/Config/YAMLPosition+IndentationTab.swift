extension YAMLPosition {
    /// The first tab in the leading whitespace of a line that holds anything (a comment too),
    /// on lines 1 through `lastLine` (YAML indents with spaces only, YAML 1.2 §6.1); nil when
    /// there is none. Lines of only whitespace do not count.
    static func indentationTab(in yaml: String, throughLine lastLine: Int) -> (line: Int, column: Int)? {
        var line = 1
        for text in yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if line > lastLine { break }
            defer { line += 1 }
            let indent = text.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard let tab = indent.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let rest = text[indent.endIndex...]
            guard let first = rest.first, first != UInt8(ascii: "\r") else { continue }
            return (line, text.distance(from: text.startIndex, to: tab) + 1)
        }
        return nil
    }
}
