extension JSONScanner {
    /// True when the current byte can start a JSON number (or a NaN/Infinity impostor).
    @inlinable @inline(__always) package func atNumberStart() -> Bool {
        let b = peek()
        return b == UInt8(ascii: "-") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    /// Parses a number (RFC 8259 §6) and returns its correctly rounded Double.
    /// Rejects NaN, Infinity, leading '+', leading zeros, and values outside Double's range.
    /// Fraction digits are read up to eight at a time (SWAR, as simdjson and fast_float do).
    @inline(__always)
    @inlinable package mutating func parseNumber() throws(ReadError) -> Double {
        let start = pos
        guard let base = buf.baseAddress, pos < buf.count else { throw unexpected("a number") }
        let end = buf.count
        var p = pos
        @inline(__always) func digit(_ i: Int) -> UInt64? {
            guard i < end else { return nil }
            let d = base[i] &- UInt8(ascii: "0")
            return d < 10 ? UInt64(d) : nil
        }
        let negative = base[p] == UInt8(ascii: "-")
        if negative { p &+= 1 }
        var mantissa: UInt64 = 0
        var exponent = 0
        var truncated = false  // a digit did not fit the 64-bit mantissa: use the slow path
        guard let first = digit(p) else {
            pos = p
            throw notANumber(start)
        }
        p &+= 1
        if first == 0 {
            if digit(p) != nil {
                throw ReadError(offset: start, message: "leading zeros are not allowed in JSON numbers")
            }
        } else {
            mantissa = first
            while let d = digit(p) {
                if mantissa < 1_000_000_000_000_000_000 { mantissa = mantissa &* 10 &+ d } else { truncated = true }
                p &+= 1
            }
        }
        if p < end, base[p] == UInt8(ascii: ".") {
            p &+= 1
            guard digit(p) != nil else {
                pos = p
                throw ReadError(offset: p, message: "expected a digit after the decimal point")
            }
            // Up to eight digits per step, however many of the next eight bytes are digits
            // (coordinates written with 15 decimals end in a run of seven).
            while p &+ 8 <= end, mantissa < 100_000_000_000 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
                let n = leadingDigits(word)
                guard n > 0 else { break }
                mantissa = mantissa &* tenToThe(n) &+ digitsValue(word, count: n)
                exponent &-= n
                p &+= n
                if n < 8 { break }
            }
            while let d = digit(p) {
                if mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa &* 10 &+ d
                    exponent &-= 1
                } else {
                    truncated = true
                }
                p &+= 1
            }
        }
        if p < end, base[p] | 0x20 == UInt8(ascii: "e") {
            p &+= 1
            var expNegative = false
            if p < end, base[p] == UInt8(ascii: "+") || base[p] == UInt8(ascii: "-") {
                expNegative = base[p] == UInt8(ascii: "-")
                p &+= 1
            }
            guard digit(p) != nil else {
                pos = p
                throw ReadError(offset: p, message: "expected a digit in the exponent")
            }
            var e = 0
            while let d = digit(p) {
                if e < 100_000 { e = e &* 10 &+ Int(d) }
                p &+= 1
            }
            exponent &+= expNegative ? -e : e
        }
        pos = p
        if !truncated, let d = fastDouble(mantissa: mantissa, exponent10: exponent) {
            return negative ? -d : d
        }
        return try slowNumber(start)
    }

    /// How many of the eight bytes of `word` (little-endian: the first byte lowest) are ASCII
    /// digits before the first that is not. A byte that is not a digit can disturb the test of
    /// those after it (a carry), never of those before.
    @inlinable @inline(__always)
    package func leadingDigits(_ word: UInt64) -> Int {
        let highNibble = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
        let lowNibble = ((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
        return (highNibble | lowNibble).trailingZeroBitCount / 8
    }

    /// The value of the first `count` (1...8) bytes of `word`, all ASCII digits: they move to the
    /// top and the bytes below become '0's, leading zeros of an eight-digit number, which
    /// simdjson's parse_eight_digits_unrolled converts.
    @inlinable @inline(__always)
    package func digitsValue(_ word: UInt64, count n: Int) -> UInt64 {
        let shift = UInt64(8 &* (8 &- n))
        let padded = n == 8 ? word : (word << shift) | (0x3030_3030_3030_3030 >> UInt64(8 &* n))
        var v = padded &- 0x3030_3030_3030_3030
        v = v &* 10 &+ (v >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        v = ((v & mask) &* 0x000F_4240_0000_0064 &+ ((v >> 16) & mask) &* 0x0000_2710_0000_0001) >> 32
        return v & 0xFFFF_FFFF
    }

    /// 10^n for n in 0...8.
    @inlinable @inline(__always)
    package func tenToThe(_ n: Int) -> UInt64 {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// The C library's conversion (correctly rounded, locale independent) for the rare numbers
    /// the fast path declines: more than 19 significant digits, huge exponents, halfway cases.
    @usableFromInline package func slowNumber(_ start: Int) throws(ReadError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: buf[start..<pos]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw ReadError(offset: start, message: "number \(text) is out of range")
        }
        return d
    }

    /// The error for something that is not a JSON number, naming NaN and Infinity explicitly.
    @usableFromInline package func notANumber(_ start: Int) -> ReadError {
        var s = self
        s.pos = start
        if s.peek() == UInt8(ascii: "-") { s.pos += 1 }
        let word = s.word()
        if word == "NaN" || word == "Infinity" {
            let name = (s.pos > start ? "-" : "") + word
            return ReadError(offset: start, message: "\(name) is not a valid JSON number (JSON has no NaN or Infinity)")
        }
        return s.unexpected("a number")
    }
}
