/// Exact powers of ten, 10^0 … 10^27 (each fits a 64-bit significand exactly).
#if arch(x86_64) && !os(Windows) && !os(Android)
    private let powersOfTen: [Float80] = {
        var p: [Float80] = [1]
        for _ in 1...27 { p.append(p[p.count - 1] * 10) }
        return p
    }()
#else
    private let exactPowersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
#endif

/// The correctly rounded Double for `mantissa × 10^exponent10`, or nil when the fast path
/// cannot decide (the caller then falls back to the C library's conversion).
///
/// On x86-64 one extended-precision operation on exact operands rounds once to 64 bits;
/// rounding that to 53 bits is correct unless the 64-bit result sits exactly on a halfway
/// point between two doubles, which is detected and declined (Clinger's fast path, widened).
@inline(__always)
@usableFromInline package func fastDouble(mantissa: UInt64, exponent10: Int) -> Double? {
    #if arch(x86_64) && !os(Windows) && !os(Android)
        guard exponent10 >= -27, exponent10 <= 27 else { return nil }
        let m = Float80(mantissa)
        let r = exponent10 < 0 ? m / powersOfTen[-exponent10] : m * powersOfTen[exponent10]
        guard r.significandBitPattern & 0x7FF != 0x400 else { return nil }
        return Double(r)
    #else
        guard mantissa < (1 << 53), exponent10 >= -22, exponent10 <= 22 else { return nil }
        let m = Double(mantissa)
        return exponent10 < 0 ? m / exactPowersOfTen[-exponent10] : m * exactPowersOfTen[exponent10]
    #endif
}
