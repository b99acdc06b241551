/// A small JSON reader over UTF-8 bytes, enough to walk an artifact: objects, arrays, strings,
/// numbers, literals; values not needed are skipped without being built.
struct JSONScanner {
    struct Failure: Error {
        let offset: Int
        let message: String
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fail(_ message: String) -> Failure { Failure(offset: position, message: message) }

    mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The next non-space byte, not consumed (0 at the end).
    mutating func peek() -> UInt8 {
        skipSpace()
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func expect(_ byte: UInt8) throws(Failure) {
        guard peek() == byte else { throw fail("expected '\(Character(Unicode.Scalar(byte)))'") }
        position += 1
    }

    /// Consumes `byte` if it comes next.
    mutating func accept(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// Calls `body` with each member name of an object, positioned at its value, which `body`
    /// must consume (``skipValue()`` when not wanted).
    mutating func members(_ body: (inout JSONScanner, String) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"))
        if accept(UInt8(ascii: "}")) { return }
        repeat {
            let name = try string()
            try expect(UInt8(ascii: ":"))
            try body(&self, name)
        } while accept(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Calls `body` positioned at each element of an array, which `body` must consume.
    mutating func elements(_ body: (inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "["))
        if accept(UInt8(ascii: "]")) { return }
        repeat { try body(&self) } while accept(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    mutating func string() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""))
        var out: [UInt8] = []
        while position < bytes.count {
            let b = bytes[position]
            position += 1
            switch b {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"): try escape(into: &out)
            case 0..<0x20: throw fail("control character in a string")
            default: out.append(b)
            }
        }
        throw fail("unterminated string")
    }

    private mutating func escape(into out: inout [UInt8]) throws(Failure) {
        guard position < bytes.count else { throw fail("unterminated string") }
        let e = bytes[position]
        position += 1
        let simple: [UInt8: UInt8] = [
            0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09,
        ]
        if let s = simple[e] {
            out.append(s)
            return
        }
        guard e == UInt8(ascii: "u") else { throw fail("bad escape") }
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar), position + 1 < bytes.count, bytes[position] == 0x5C,
            bytes[position + 1] == UInt8(ascii: "u")
        {
            position += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("bad surrogate pair") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let u = Unicode.Scalar(scalar) else { throw fail("bad \\u escape") }
        out.append(contentsOf: Array(String(Character(u)).utf8))
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("bad \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[position]
            position += 1
            guard let d = hexDigit(c) else { throw fail("bad \\u escape") }
            v = v << 4 | d
        }
        return v
    }

    private func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: UInt32(c - 0x30)
        case 0x41...0x46: UInt32(c - 0x41 + 10)
        case 0x61...0x66: UInt32(c - 0x61 + 10)
        default: nil
        }
    }

    /// A JSON number as the nearest Double.
    mutating func number() throws(Failure) -> Double {
        skipSpace()
        let start = position
        while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
        guard let value = DecimalParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<position])) else {
            throw Failure(offset: start, message: "bad number")
        }
        return value
    }

    private static func isNumberByte(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
            || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
    }

    /// Skips one value of any kind.
    mutating func skipValue() throws(Failure) {
        switch peek() {
        case UInt8(ascii: "{"): try members { (s: inout JSONScanner, _: String) throws(Failure) in try s.skipValue() }
        case UInt8(ascii: "["): try elements { (s: inout JSONScanner) throws(Failure) in try s.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try number()
        }
    }

    /// Consumes `null` if it comes next.
    mutating func acceptNull() -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        return (try? literal("null")) != nil
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let n = word.utf8CodeUnitCount
        guard position + n <= bytes.count else { throw fail("bad literal") }
        for i in 0..<n where bytes[position + i] != word.utf8Start[i] { throw fail("bad literal") }
        position += n
    }
}
