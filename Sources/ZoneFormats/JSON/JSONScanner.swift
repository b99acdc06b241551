/// A syntax or structure problem at a byte offset of the file being read.
public struct ReadError: Error {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}

/// A strict RFC 8259 tokenizer over a byte buffer. `peek` returns 0 at the end, which no
/// grammar rule accepts, so every "unexpected" path also covers truncation.
///
/// Public, with its hot methods `@inlinable`, only so that the parsers of other modules inline
/// them: this toolchain inlines no `@inlinable` member of a `package` type across modules, and
/// a call per whitespace run and per number showed in a rebuild's profile. Its API is `package`.
public struct JSONScanner {
    public let buf: UnsafeBufferPointer<UInt8>
    public var pos = 0
    /// Current nesting of arrays and objects; bounded so that no input can exhaust the stack.
    public var depth = 0
    package static let maxDepth = 256

    package init(_ buf: UnsafeBufferPointer<UInt8>) { self.buf = buf }

    @inlinable @inline(__always) package var atEnd: Bool { pos >= buf.count }
    @inlinable @inline(__always) package func peek() -> UInt8 { pos < buf.count ? buf[pos] : 0 }

    @inlinable @inline(__always) package mutating func skipWhitespace() {
        while pos < buf.count {
            switch buf[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    /// An error at the current position describing what was found instead of `expected`.
    @usableFromInline package func unexpected(_ expected: String) -> ReadError {
        if atEnd { return ReadError(offset: pos, message: "unexpected end of file, expected \(expected)") }
        return ReadError(offset: pos, message: "expected \(expected), found \(describeToken())")
    }

    package func describeToken() -> String {
        let b = peek()
        switch b {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            // A bare word: a literal, or text that lacks its quotes (an unquoted key).
            let word = self.word()
            switch word {
            case "true", "false": return "a boolean"
            case "null": return "null"
            default: return "'\(word)'"
            }
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
        default: return "byte 0x" + hex2(b)
        }
    }

    /// The run of letters, digits and '_' at the current position (at most 32 bytes).
    package func word() -> String {
        var end = pos
        while end < buf.count, end - pos < 32 {
            switch buf[end] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                end += 1
            default:
                return String(decoding: UnsafeBufferPointer(rebasing: buf[pos..<end]), as: UTF8.self)
            }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buf[pos..<end]), as: UTF8.self)
    }

    @inlinable @inline(__always) package mutating func expect(_ byte: UInt8, _ what: String) throws(ReadError) {
        skipWhitespace()
        guard peek() == byte else { throw unexpected(what) }
        pos += 1
    }

    /// After an element: consumes ',' (returns true) or the closing byte (returns false).
    @inlinable @inline(__always)
    package mutating func nextElement(close: UInt8, _ what: String) throws(ReadError) -> Bool {
        skipWhitespace()
        let b = peek()
        if b == UInt8(ascii: ",") {
            pos += 1
            return true
        }
        if b == close {
            pos += 1
            return false
        }
        throw unexpected(what)
    }

    package mutating func enter() throws(ReadError) {
        depth += 1
        if depth > Self.maxDepth {
            throw ReadError(offset: pos, message: "nesting deeper than \(Self.maxDepth) levels")
        }
    }

    package mutating func leave() { depth -= 1 }

    /// Verifies that only whitespace follows the document.
    package func checkEnd() throws(ReadError) {
        var s = self
        s.skipWhitespace()
        if !s.atEnd {
            throw ReadError(offset: s.pos, message: "found \(s.describeToken()) after the end of the JSON document")
        }
    }
}

/// Two uppercase hexadecimal digits, as in "0x09".
package func hex2(_ b: UInt8) -> String {
    (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true)
}
