extension JSONScanner {
    /// One whole JSON document: its value, with nothing but whitespace after it.
    package static func document(_ bytes: [UInt8]) throws(ReadError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(ReadError) in
            var scanner = JSONScanner(buffer)
            let value = try scanner.parseValue()
            scanner.skipWhitespace()
            guard scanner.atEnd else { throw ReadError(offset: scanner.pos, message: "trailing data") }
            return value
        }
    }

    /// Parses any JSON value into a `JSONValue` tree (used for properties and foreign members).
    package mutating func parseValue() throws(ReadError) -> JSONValue {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(decode(try scanString()))
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "N"), UInt8(ascii: "I"):
            return .number(try parseNumber())
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            throw ReadError(
                offset: pos, message: "a JSON number cannot start with '\(Character(Unicode.Scalar(peek())))'")
        default: throw unexpected("a JSON value")
        }
    }

    /// Moves past any JSON value, with the checks of ``parseValue()`` (an object or array is
    /// parsed); scalars are checked without building a value.
    package mutating func skipValue() throws(ReadError) {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
        default: _ = try parseValue()
        }
    }

    /// Moves past any JSON value, checked as JSON but building nothing: objects and arrays are
    /// walked element by element, without the search for repeated member names.
    package mutating func skipUnbuilt() throws(ReadError) {
        skipWhitespace()
        let open = peek()
        guard open == UInt8(ascii: "{") || open == UInt8(ascii: "[") else { return try skipValue() }
        let object = open == UInt8(ascii: "{")
        let close = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        try enter()
        defer { leave() }
        pos += 1
        skipWhitespace()
        if peek() == close {
            pos += 1
            return
        }
        repeat {
            if object {
                skipWhitespace()
                _ = try scanKey()
                try expect(UInt8(ascii: ":"), "':' after an object key")
            }
            try skipUnbuilt()
        } while try nextElement(close: close, object ? "',' or '}' in an object" : "',' or ']' in an array")
    }

    /// Parses an object, rejecting duplicate member names. With `keeping`, only the members it
    /// names are built: the others' values are checked as a full parse checks them and skipped
    /// (``skipValue()``); the kept ones stay in source order.
    package mutating func parseObject(keeping: Set<String>? = nil) throws(ReadError) -> JSONObject {
        try enter()
        defer { leave() }
        pos += 1  // '{'
        var object = JSONObject()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            pos += 1
            return object
        }
        object.members.reserveCapacity(8)
        // Every name read (when members are skipped, not all are in `object`), searched
        // linearly until the object grows past that size, then through a set.
        var names: [String] = []
        var index: Set<String> = []
        repeat {
            skipWhitespace()
            let keyOffset = pos
            let key = decode(try scanKey())
            let seen = keeping == nil ? object.members.count : names.count
            let duplicate: Bool
            if seen < 16 {
                duplicate = keeping == nil ? object.members.contains { $0.key == key } : names.contains(key)
            } else {
                if index.isEmpty { index = Set(keeping == nil ? object.members.map(\.key) : names) }
                duplicate = !index.insert(key).inserted
            }
            if duplicate { throw ReadError(offset: keyOffset, message: "duplicate key \(jsonQuoted(key)) in object") }
            if keeping != nil { names.append(key) }
            try expect(UInt8(ascii: ":"), "':' after an object key")
            if keeping?.contains(key) ?? true {
                object.members.append((key, try parseValue()))
            } else {
                try skipValue()
            }
        } while try nextElement(close: UInt8(ascii: "}"), "',' or '}' in an object")
        return object
    }

    /// Parses an array of any values.
    package mutating func parseArray() throws(ReadError) -> [JSONValue] {
        try enter()
        defer { leave() }
        pos += 1  // '['
        var items: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            pos += 1
            return items
        }
        repeat {
            items.append(try parseValue())
        } while try nextElement(close: UInt8(ascii: "]"), "',' or ']' in an array")
        return items
    }

    /// Consumes the literal `true`, `false` or `null`.
    package mutating func literal(_ word: StaticString) throws(ReadError) {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        for i in 0..<n where pos + i >= buf.count || buf[pos + i] != w[i] {
            if pos + i >= buf.count {
                throw ReadError(offset: buf.count, message: "unexpected end of file, expected \(word)")
            }
            throw unexpected("a JSON value")
        }
        pos += n
    }
}

/// Member names of one GeoJSON object; a repeated name is an error (RFC 8259 §4 says names
/// SHOULD be unique, and GeoJSON readers disagree on which duplicate wins). The names zones
/// use are tracked as bits; other (foreign) names are kept decoded.
package struct DuplicateKeyCheck {
    private static let known: [StaticString] = [
        "type", "coordinates", "geometry", "properties", "features", "id", "bbox", "geometries",
    ]
    private var seen: UInt8 = 0
    private var foreign: Set<String> = []

    package init() {}

    package mutating func insert(_ key: RawString, at offset: Int, in scanner: JSONScanner) throws(ReadError) {
        let duplicate: Bool
        if let bit = Self.known.firstIndex(where: { scanner.equals(key, $0) }) {  // compared unescaped
            duplicate = seen & (1 << bit) != 0
            seen |= 1 << bit
        } else {
            duplicate = !foreign.insert(scanner.decode(key)).inserted
        }
        if duplicate {
            throw ReadError(offset: offset, message: "duplicate key \(jsonQuoted(scanner.decode(key))) in object")
        }
    }
}
