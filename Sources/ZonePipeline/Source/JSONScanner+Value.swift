extension JSONScanner {
    /// Parses any JSON value into a `JSONValue` tree (used for properties and foreign members).
    mutating func parseValue() throws(ReadError) -> JSONValue {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(decode(try scanString()))
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "N"), UInt8(ascii: "I"):
            return .number(try parseNumber())
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            throw ReadError(offset: pos, message: "a JSON number cannot start with '\(Character(Unicode.Scalar(peek())))'")
        default: throw unexpected("a JSON value")
        }
    }

    /// Parses an object, rejecting duplicate member names.
    mutating func parseObject() throws(ReadError) -> JSONObject {
        try enter()
        defer { leave() }
        pos += 1  // '{'
        var object = JSONObject()
        var keys = DuplicateKeyCheck()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { pos += 1; return object }
        repeat {
            skipWhitespace()
            let keyOffset = pos
            let key = try scanKey()
            try keys.insert(key, at: keyOffset, in: self)
            try expect(UInt8(ascii: ":"), "':' after an object key")
            object.members.append((decode(key), try parseValue()))
        } while try nextElement(close: UInt8(ascii: "}"), "',' or '}' in an object")
        return object
    }

    /// Parses an array of any values.
    mutating func parseArray() throws(ReadError) -> [JSONValue] {
        try enter()
        defer { leave() }
        pos += 1  // '['
        var items: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { pos += 1; return items }
        repeat {
            items.append(try parseValue())
        } while try nextElement(close: UInt8(ascii: "]"), "',' or ']' in an array")
        return items
    }

    /// Consumes the literal `true`, `false` or `null`.
    mutating func literal(_ word: StaticString) throws(ReadError) {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        for i in 0..<n where pos + i >= buf.count || buf[pos + i] != w[i] {
            if pos + i >= buf.count { throw ReadError(offset: buf.count, message: "unexpected end of file, expected \(word)") }
            throw unexpected("a JSON value")
        }
        pos += n
    }
}

/// Member names seen in one object; a repeated name is an error (RFC 8259 §4 says names
/// SHOULD be unique, and GeoJSON readers disagree on which duplicate wins). Names are compared
/// as raw bytes; names written with escapes are compared decoded.
struct DuplicateKeyCheck {
    private var ranges: [RawString] = []
    private var decoded: [String] = []
    private var set: Set<String> = []

    mutating func insert(_ key: RawString, at offset: Int, in scanner: JSONScanner) throws(ReadError) {
        var duplicate = false
        if key.hasEscapes || !decoded.isEmpty || ranges.count >= 16 {
            // Rare: switch to decoded names.
            if decoded.isEmpty {
                decoded = ranges.map { scanner.decode($0) }
                set = Set(decoded)
            }
            let name = scanner.decode(key)
            decoded.append(name)
            duplicate = !set.insert(name).inserted
        } else {
            let n = key.end - key.start
            for r in ranges where r.end - r.start == n {
                var same = true
                for i in 0..<n where scanner.buf[r.start + i] != scanner.buf[key.start + i] { same = false; break }
                if same { duplicate = true; break }
            }
        }
        ranges.append(key)
        if duplicate {
            throw ReadError(offset: offset, message: "duplicate key \(jsonQuoted(scanner.decode(key))) in object")
        }
    }
}
