internal import Yams
import ZoneFormats

/// Line and column arithmetic for errors that come without a usable ``Yams/Mark``.
enum YAMLPosition {
    /// The offset of the first byte that is not part of valid UTF-8, or nil when all are.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The 1-based line and column (in Unicode scalars) of a UTF-8 byte offset.
    static func lineColumn(ofUTF8Offset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a continuation byte: a new scalar starts
                column += 1
            }
        }
        return (line, column)
    }

    /// Where `key` occurs again in the mapping whose key at `first` is `key`: later on the same
    /// line after `,` (a one-line flow mapping), or on a later line indented to the same column,
    /// before the block mapping ends. Nil when not found (unusual layouts).
    static func repeatedKey(_ key: String, after first: Mark, in yaml: String) -> (line: Int, column: Int)? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let spellings = [key, "\"\(key)\"", "'\(key)'"].map { Array($0.unicodeScalars) }
        let line = lines[first.line - 1]
        var column = first.column  // 0-based index just after the first occurrence's first scalar
        while column < line.count {
            if line[column] == ",", let found = keyStart(in: line, from: column + 1, spellings: spellings) {
                return (first.line, found + 1)
            }
            column += 1
        }
        let indent = first.column - 1
        for index in first.line..<lines.count {
            let text = lines[index]
            let column = text.prefix { $0 == " " }.count
            if column == text.count || text[column] == "#" || text[column] == "\r" { continue }
            if column < indent { return nil }
            if column == indent, keyStart(in: text, from: column, spellings: spellings) != nil {
                return (index + 1, first.column)
            }
        }
        return nil
    }

    /// The index where one of `spellings` followed by a colon starts in `text`, skipping spaces
    /// from `start`; nil when the text there is something else.
    private static func keyStart(in text: [Unicode.Scalar], from start: Int, spellings: [[Unicode.Scalar]]) -> Int? {
        var i = start
        while i < text.count, text[i] == " " { i += 1 }
        for spelling in spellings where text[i...].starts(with: spelling) {
            var j = i + spelling.count
            while j < text.count, text[j] == " " || text[j] == "\t" { j += 1 }
            if j < text.count, text[j] == ":" { return i }
        }
        return nil
    }
}
