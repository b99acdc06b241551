/// A syntax or structure problem at a byte offset of the file being read.
struct ReadError: Error {
    var offset: Int
    var message: String
}

/// A strict RFC 8259 tokenizer over a byte buffer. `peek` returns 0 at the end, which no
/// grammar rule accepts, so every "unexpected" path also covers truncation.
struct JSONScanner {
    let buf: UnsafeBufferPointer<UInt8>
    var pos = 0
    /// Current nesting of arrays and objects; bounded so that no input can exhaust the stack.
    var depth = 0
    static let maxDepth = 128

    init(_ buf: UnsafeBufferPointer<UInt8>) { self.buf = buf }

    @inline(__always) var atEnd: Bool { pos >= buf.count }
    @inline(__always) func peek() -> UInt8 { pos < buf.count ? buf[pos] : 0 }

    @inline(__always) mutating func skipWhitespace() {
        while pos < buf.count {
            switch buf[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    /// An error at the current position describing what was found instead of `expected`.
    func unexpected(_ expected: String) -> ReadError {
        if atEnd { return ReadError(offset: pos, message: "unexpected end of file, expected \(expected)") }
        return ReadError(offset: pos, message: "expected \(expected), found \(describeToken())")
    }

    func describeToken() -> String {
        let b = peek()
        switch b {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
        default: return "byte 0x" + String(b, radix: 16, uppercase: true)
        }
    }

    @inline(__always) mutating func expect(_ byte: UInt8, _ what: String) throws(ReadError) {
        skipWhitespace()
        guard peek() == byte else { throw unexpected(what) }
        pos += 1
    }

    /// After an element: consumes ',' (returns true) or the closing byte (returns false).
    @inline(__always) mutating func nextElement(close: UInt8, _ what: String) throws(ReadError) -> Bool {
        skipWhitespace()
        let b = peek()
        if b == UInt8(ascii: ",") { pos += 1; return true }
        if b == close { pos += 1; return false }
        throw unexpected(what)
    }

    mutating func enter() throws(ReadError) {
        depth += 1
        if depth > Self.maxDepth {
            throw ReadError(offset: pos, message: "nesting deeper than \(Self.maxDepth) levels")
        }
    }

    mutating func leave() { depth -= 1 }

    /// Verifies that only whitespace follows the document.
    func checkEnd() throws(ReadError) {
        var s = self
        s.skipWhitespace()
        if !s.atEnd { throw ReadError(offset: s.pos, message: "unexpected \(s.describeToken()) after the end of the JSON document") }
    }
}
