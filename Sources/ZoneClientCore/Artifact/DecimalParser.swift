#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// JSON numbers to Double, correctly rounded: plain decimals of at most 15 significant digits
/// (every coordinate of an artifact) are an exact integer divided by an exact power of ten,
/// one correctly rounded IEEE division; anything else goes to `strtod`.
enum DecimalParser {
    private static let powers: [Double] = (0...22).map { p in (0..<p).reduce(1.0) { r, _ in r * 10 } }

    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !text.isEmpty else { return nil }
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var seenDot = false
        var fast = true
        while i < text.count {
            let c = text[i]
            if c >= 0x30 && c <= 0x39 {
                if mantissa != 0 || c != 0x30 { digits += 1 }
                mantissa = mantissa &* 10 &+ UInt64(c - 0x30)
                if seenDot { fraction += 1 }
            } else if c == UInt8(ascii: "."), !seenDot {
                seenDot = true
            } else {
                fast = false
                break
            }
            i += 1
        }
        if fast, digits <= 15, fraction <= 22, i > (negative ? 1 : 0) {
            let value = Double(mantissa) / powers[fraction]
            return negative ? -value : value
        }
        return slow(text)
    }

    private static func slow(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var copy = Array(text)
        copy.append(0)
        return copy.withUnsafeBufferPointer { p -> Double? in
            p.withMemoryRebound(to: CChar.self) { c in
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(c.baseAddress!, &end)
                guard let end, end - UnsafeMutablePointer(mutating: c.baseAddress!) == text.count else { return nil }
                return value
            }
        }
    }
}
