/// Prints doubles on the decimal grid of 10^-precision, straight into a byte buffer.
///
/// A value v is printed as the integer k = round(v · 10^precision) with the decimal point put
/// back: at most `precision` fraction digits, trailing zeros (and a bare '.') dropped, never an
/// exponent and never "-0". For values already on the grid the text is the shortest decimal
/// that names the grid point, so 0.1 + 0.2 prints as "0.3", not 0.30000000000000004.
package struct FixedPointFormat {
    /// The largest supported precision: 10^15 · 180 still fits an Int64 with room to spare,
    /// and a double has no more than ~16 significant digits to show.
    package static let maximumPrecision = 15

    /// Whole numbers only (precision 0): prints an integral double below 2^53 exactly.
    package static let integers = FixedPointFormat(precision: 0)

    /// Fraction digits, clamped to 0...maximumPrecision.
    package let precision: Int
    /// 10^precision as a double (exact: every power of ten up to 10^22 is).
    private let scale: Double
    /// 10^precision as an integer.
    private let unit: UInt64

    /// A format with `precision` fraction digits (clamped to 0...15).
    package init(precision: Int) {
        let p = min(max(precision, 0), Self.maximumPrecision)
        var unit: UInt64 = 1
        for _ in 0..<p { unit *= 10 }
        self.precision = p
        self.unit = unit
        self.scale = Double(unit)
    }

    /// Appends `value` on the grid.
    ///
    /// Values too large for the grid (|v · 10^precision| ≥ 9·10^18, far outside any longitude
    /// or latitude) fall back to Swift's shortest round-trip text; non-finite values, which JSON
    /// cannot express, are written as `null`.
    package func append(_ value: Double, to out: inout [UInt8]) {
        let scaled = (value * scale).rounded()
        guard scaled.magnitude < 9.0e18 else {
            appendUnscalable(value, to: &out)
            return
        }
        appendScaled(Int64(scaled), to: &out)
    }

    /// Appends k · 10^-precision.
    private func appendScaled(_ k: Int64, to out: inout [UInt8]) {
        if k == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        // Sign, up to 19 integer digits, '.', up to 15 fraction digits: 36 bytes at most.
        let capacity = 40
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var i = capacity
            let magnitude = k.magnitude
            var integer = magnitude / unit
            var fraction = magnitude % unit
            if fraction != 0 {
                var digits = precision
                while fraction % 10 == 0 {
                    fraction /= 10
                    digits -= 1
                }
                for _ in 0..<digits {
                    i -= 1
                    buffer[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
                    fraction /= 10
                }
                i -= 1
                buffer[i] = UInt8(ascii: ".")
            }
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: integer % 10)
                integer /= 10
            } while integer > 0
            if k < 0 {
                i -= 1
                buffer[i] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeMutableBufferPointer(rebasing: buffer[i..<capacity]))
        }
    }

    /// Appends a value the grid cannot hold: shortest round-trip text, or `null` if not finite.
    private func appendUnscalable(_ value: Double, to out: inout [UInt8]) {
        if value.isFinite {
            out.append(contentsOf: value.description.utf8)
        } else {
            out.append(contentsOf: "null".utf8)
        }
    }
}
