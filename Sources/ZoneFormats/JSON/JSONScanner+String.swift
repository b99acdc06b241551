/// The raw bytes of a string literal (between the quotes) and whether it holds escapes.
public struct RawString {
    public var start: Int
    public var end: Int
    public var hasEscapes: Bool
}

extension JSONScanner {
    /// Scans an object member name (a string literal).
    package mutating func scanKey() throws(ReadError) -> RawString {
        guard peek() == UInt8(ascii: "\"") else { throw unexpected("a member name in double quotes") }
        return try scanString()
    }

    /// Scans a string literal at the current position (RFC 8259 §7), validating escapes.
    /// The file's UTF-8 was validated before scanning, so multi-byte sequences pass as is.
    package mutating func scanString() throws(ReadError) -> RawString {
        guard peek() == UInt8(ascii: "\"") else { throw unexpected("a string") }
        let open = pos
        pos += 1
        let start = pos
        var escapes = false
        while pos < buf.count {
            let b = buf[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return RawString(start: start, end: pos - 1, hasEscapes: escapes)
            }
            if b == UInt8(ascii: "\\") {
                escapes = true
                try scanEscape()
                continue
            }
            if b < 0x20 {
                if b == 0x0A || b == 0x0D {
                    throw ReadError(
                        offset: pos,
                        message:
                            "unterminated string: line break before the closing quote (write \\n for a line break inside a string)"
                    )
                }
                throw ReadError(offset: pos, message: "control character 0x\(hex2(b)) must be escaped in a string")
            }
            pos += 1
        }
        throw ReadError(offset: open, message: "unterminated string: the file ends before its closing quote")
    }

    private mutating func scanEscape() throws(ReadError) {
        let at = pos
        pos += 1
        switch peek() {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            pos += 1
        case UInt8(ascii: "u"):
            pos += 1
            let unit = try hex4(at: at)
            if (0xD800...0xDBFF).contains(unit) {
                guard peek() == UInt8(ascii: "\\"), pos + 1 < buf.count, buf[pos + 1] == UInt8(ascii: "u") else {
                    throw ReadError(
                        offset: at, message: "unpaired UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true))")
                }
                pos += 2
                let low = try hex4(at: at)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw ReadError(
                        offset: at, message: "unpaired UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true))")
                }
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw ReadError(
                    offset: at, message: "unpaired UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true))")
            }
        case 0x21...0x7E:
            throw ReadError(
                offset: at,
                message:
                    "invalid escape sequence \\\(Character(Unicode.Scalar(peek()))) in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
            )
        default:
            throw ReadError(
                offset: at,
                message: atEnd
                    ? "unterminated string: the file ends in an escape sequence" : "invalid escape sequence in string")
        }
    }

    private mutating func hex4(at: Int) throws(ReadError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = peek()
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw ReadError(offset: at, message: "invalid \\u escape: expected 4 hexadecimal digits")
            }
            v = v << 4 | UInt32(d)
            pos += 1
        }
        return v
    }

    /// True when the string, unescaped, equals `literal`: `"t\u0079pe"` equals `type`
    /// (RFC 8259 §8.3: names are compared after escapes are converted).
    @inlinable @inline(__always) package func equals(_ s: RawString, _ literal: StaticString) -> Bool {
        if s.hasEscapes { return decode(s) == "\(literal)" }
        let n = literal.utf8CodeUnitCount
        guard s.end - s.start == n else { return false }
        let lit = literal.utf8Start
        for i in 0..<n where buf[s.start + i] != lit[i] { return false }
        return true
    }

    /// True when the raw bytes of `s` (a literal without escapes) are `bytes`.
    @inlinable @inline(__always) package func same(_ s: RawString, _ bytes: [UInt8]) -> Bool {
        guard s.end - s.start == bytes.count else { return false }
        for i in 0..<bytes.count where buf[s.start + i] != bytes[i] { return false }
        return true
    }

    /// True when two literals without escapes have the same raw bytes.
    @inlinable @inline(__always) package func same(_ a: RawString, _ b: RawString) -> Bool {
        guard a.end - a.start == b.end - b.start else { return false }
        for i in 0..<(a.end - a.start) where buf[a.start + i] != buf[b.start + i] { return false }
        return true
    }

    /// The decoded Swift string of a scanned literal (escapes were validated by `scanString`).
    @usableFromInline package func decode(_ s: RawString) -> String {
        let raw = UnsafeBufferPointer(rebasing: buf[s.start..<s.end])
        guard s.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        var out = [UInt8]()
        out.reserveCapacity(raw.count)
        var i = 0
        func hex(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for k in 0..<4 {
                let b = raw[at + k]
                v = v << 4 | UInt32(b <= 57 ? b - 48 : (b | 0x20) - 87)
            }
            return v
        }
        while i < raw.count {
            let b = raw[i]
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex(i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(i + 2) - 0xDC00)
                    i += 6
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            default: out.append(e)  // \" \\ \/
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
