internal import Yams
import ZoneFormats

/// The tag of a plain YAML scalar by the rules of Yams' default resolver (YAML 1.1: bool, int,
/// float, merge, null, timestamp, value, tried in that order; anything else is a string),
/// matched by hand. Yams matches them with seven `NSRegularExpression`s, and compiling those
/// (ICU) was a noticeable part of every command's start; the config is composed with a resolver without
/// rules and its plain scalars resolved here. A test compares the two on generated scalars.
enum YAMLImplicitTag {
    static func name(of scalar: String) -> Tag.Name {
        let s = Array(scalar.utf8)
        if isBool(s) { return .bool }
        if isInt(s) { return .int }
        if isFloat(s) { return .float }
        if s == [0x3C, 0x3C] { return .merge }  // <<
        if isNull(s) { return .null }
        if isTimestamp(s) { return .timestamp }
        if s == [0x3D] { return .value }  // =
        return .str
    }

    private static let bools: Set<[UInt8]> = Set(
        [
            "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON",
            "off", "Off", "OFF",
        ].map { Array($0.utf8) })
    private static let nulls: Set<[UInt8]> = Set(["", "~", "null", "Null", "NULL"].map { Array($0.utf8) })

    static func isBool(_ s: [UInt8]) -> Bool { bools.contains(s) }
    static func isNull(_ s: [UInt8]) -> Bool { nulls.contains(s) }

    /// `[-+]?0b[0-1_]+ | [-+]?0o?[0-7_]+ | [-+]?(?:0|[1-9][0-9_]*) | [-+]?0x[0-9a-fA-F_]+ |
    /// [-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+`
    static func isInt(_ s: [UInt8]) -> Bool {
        var r = Cursor(s)
        r.sign()
        let body = r
        if r.literal("0b"), r.many(binary), r.atEnd { return true }
        r = body
        if r.literal("0") {
            _ = r.literal("o")
            if r.many(octal), r.atEnd { return true }
        }
        r = body
        if r.literal("0"), r.atEnd { return true }
        r = body
        if r.one(nonZero) {
            r.any(digitOrUnderscore)
            if r.atEnd { return true }
            if r.sexagesimal(), r.atEnd { return true }
        }
        r = body
        if r.literal("0x"), r.many(hex), r.atEnd { return true }
        return false
    }

    /// `[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)? | \.[0-9_]+(?:[eE][-+][0-9]+)? |
    /// [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]* | [-+]?\.(?:inf|Inf|INF) | \.(?:nan|NaN|NAN)`
    static func isFloat(_ s: [UInt8]) -> Bool {
        var r = Cursor(s)
        r.sign()
        let body = r
        // [0-9][0-9_]* (\.[0-9_]*)? ([eE][-+]?[0-9]+)?
        if r.one(digit) {
            r.any(digitOrUnderscore)
            let integral = r
            if r.literal(".") { r.any(digitOrUnderscore) }
            if r.atEnd || r.exponent(signRequired: false) { return true }
            // [0-9][0-9_]* (:[0-5]?[0-9])+ \.[0-9_]*
            r = integral
            if r.sexagesimal(), r.literal(".") {
                r.any(digitOrUnderscore)
                if r.atEnd { return true }
            }
        }
        r = body
        if r.literal("."), r.atEnd == false {
            let afterDot = r
            for word in ["inf", "Inf", "INF"] {
                var w = afterDot
                if w.literal(word), w.atEnd { return true }
            }
        }
        // Unsigned only: \.[0-9_]+([eE][-+][0-9]+)? and \.(?:nan|NaN|NAN)
        r = Cursor(s)
        if r.literal(".") {
            let afterDot = r
            if r.many(digitOrUnderscore), r.atEnd || r.exponent(signRequired: true) { return true }
            for word in ["nan", "NaN", "NAN"] {
                var w = afterDot
                if w.literal(word), w.atEnd { return true }
            }
        }
        return false
    }

    /// `[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] | [0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?
    /// (?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?`
    static func isTimestamp(_ s: [UInt8]) -> Bool {
        var r = Cursor(s)
        guard r.digits(4), r.literal("-") else { return false }
        let month = r
        if r.digits(2), r.literal("-"), r.digits(2), r.atEnd { return true }
        r = month
        guard r.digits(1...2), r.literal("-"), r.digits(1...2) else { return false }
        if !r.one({ $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) {
            guard r.many(blank) else { return false }
        }
        guard r.digits(1...2), r.literal(":"), r.digits(2), r.literal(":"), r.digits(2) else { return false }
        if r.literal(".") { r.any(digit) }
        if r.atEnd { return true }
        r.any(blank)
        if r.literal("Z") { return r.atEnd }
        guard r.one({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }), r.digits(1...2) else { return false }
        if r.atEnd { return true }
        return r.literal(":") && r.digits(2) && r.atEnd
    }

    private static func digit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }
    private static func nonZero(_ c: UInt8) -> Bool { (0x31...0x39).contains(c) }
    private static func digitOrUnderscore(_ c: UInt8) -> Bool { digit(c) || c == UInt8(ascii: "_") }
    private static func binary(_ c: UInt8) -> Bool { c == 0x30 || c == 0x31 || c == UInt8(ascii: "_") }
    private static func octal(_ c: UInt8) -> Bool { (0x30...0x37).contains(c) || c == UInt8(ascii: "_") }
    private static func hex(_ c: UInt8) -> Bool {
        digitOrUnderscore(c) || (0x61...0x66).contains(c) || (0x41...0x46).contains(c)
    }
    private static func blank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    /// A position in a scalar's bytes; each step consumes only on success.
    private struct Cursor {
        let s: [UInt8]
        var at = 0
        init(_ s: [UInt8]) { self.s = s }

        var atEnd: Bool { at == s.count }

        mutating func one(_ test: (UInt8) -> Bool) -> Bool {
            guard at < s.count, test(s[at]) else { return false }
            at += 1
            return true
        }

        /// Zero or more.
        mutating func any(_ test: (UInt8) -> Bool) { while one(test) {} }

        /// One or more.
        mutating func many(_ test: (UInt8) -> Bool) -> Bool {
            guard one(test) else { return false }
            any(test)
            return true
        }

        mutating func literal(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard s.count - at >= bytes.count, Array(s[at..<(at + bytes.count)]) == bytes else { return false }
            at += bytes.count
            return true
        }

        mutating func sign() { _ = one { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") } }

        /// Exactly `count` digits.
        mutating func digits(_ count: Int) -> Bool { digits(count...count) }

        /// Between `range.lowerBound` and `range.upperBound` digits, as many as there are.
        mutating func digits(_ range: ClosedRange<Int>) -> Bool {
            var n = 0
            while n < range.upperBound, one(YAMLImplicitTag.digit) { n += 1 }
            return n >= range.lowerBound
        }

        /// `(?::[0-5]?[0-9])+`, as much as there is (a group is one digit, or two of which
        /// the first is 0 to 5).
        mutating func sexagesimal() -> Bool {
            var groups = 0
            while at < s.count, s[at] == UInt8(ascii: ":") {
                let start = at
                at += 1
                guard one(YAMLImplicitTag.digit) else {
                    at = start
                    break
                }
                if at < s.count, YAMLImplicitTag.digit(s[at]), (0x30...0x35).contains(s[at - 1]) { at += 1 }
                groups += 1
            }
            return groups > 0
        }

        /// `[eE][-+]?[0-9]+` to the end (`[-+]` required with `signRequired`).
        mutating func exponent(signRequired: Bool) -> Bool {
            guard one({ $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return false }
            let signed = one { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
            guard signed || !signRequired else { return false }
            return many(YAMLImplicitTag.digit) && atEnd
        }
    }
}
