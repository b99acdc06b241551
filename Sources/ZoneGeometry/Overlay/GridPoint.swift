/// A point on an integer grid: coordinates are multiples of the grid unit (10^-precision
/// degrees for output vertices, a finer unit for the snap-rounding input).
package struct GridPoint: Hashable, Comparable {
    package var x: Int64
    package var y: Int64

    package init(x: Int64, y: Int64) { (self.x, self.y) = (x, y) }

    /// Lowest first, then leftmost.
    package static func < (a: GridPoint, b: GridPoint) -> Bool {
        a.y != b.y ? a.y < b.y : a.x < b.x
    }
}

/// Twice the signed area of triangle (a, b, c): positive when c lies left of a→b. Exact.
@inline(__always)
func cross(_ a: GridPoint, _ b: GridPoint, _ c: GridPoint) -> Int128 {
    Int128(b.x - a.x) * Int128(c.y - a.y) - Int128(b.y - a.y) * Int128(c.x - a.x)
}

/// Sign of ``cross(_:_:_:)``: 1 left, -1 right, 0 on the line.
@inline(__always)
package func orientation(_ a: GridPoint, _ b: GridPoint, _ c: GridPoint) -> Int {
    let c = cross(a, b, c)
    return c > 0 ? 1 : (c < 0 ? -1 : 0)
}

/// v as a Double, exactly as the Int128 conversion below gives it (an Int64 is within its
/// exact branch).
@inline(__always)
func toDouble<Exact: FixedWidthInteger & SignedInteger>(_ v: Exact) -> Double {
    if Exact.bitWidth <= 64 { return Double(Int64(truncatingIfNeeded: v)) }
    return toDouble(Int128(truncatingIfNeeded: v))
}

/// v as a Double (within two roundings), without the standard library's generic conversion:
/// exact below 2^53, else from the magnitude's two 64-bit words (a negative number's words
/// would cancel catastrophically).
@inline(__always)
func toDouble(_ v: Int128) -> Double {
    if v >= Int128(Int64.min) && v <= Int128(Int64.max) { return Double(Int64(truncatingIfNeeded: v)) }
    let magnitude = v < 0 ? 0 - v : v  // |v| < 2^127: the inputs are products of Int64 differences
    let d =
        Double(UInt64(truncatingIfNeeded: magnitude >> 64)) * 18_446_744_073_709_551_616.0
        + Double(UInt64(truncatingIfNeeded: magnitude))
    return v < 0 ? -d : d
}

/// ⌊a / b⌋ for b > 0.
@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && a < 0) ? q - 1 : q
}
