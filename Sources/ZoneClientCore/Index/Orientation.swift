/// The orientation of `c` against the line through `a` then `b`: positive when `c` is on its
/// left, negative on its right, zero exactly when the three points are collinear.
///
/// The sign is exact (Shewchuk's filter, then an exact expansion when the filter cannot decide),
/// for coordinates whose products do not underflow (any longitude and latitude in degrees
/// with differences above 1e-150). Only the sign of the result is meaningful.
@inline(__always)
func orientation(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double) -> Double {
    let left = (bx - ax) * (cy - ay)
    let right = (by - ay) * (cx - ax)
    let det = left - right
    let bound = 3.3306690738754716e-16 * (abs(left) + abs(right))
    if det > bound || -det > bound { return det }
    return exactOrientation(ax, ay, bx, by, cx, cy)
}

/// The exact sign (-1, 0 or 1) of (bx - ax)(cy - ay) - (by - ay)(cx - ax): each difference is
/// split into two doubles that sum to it exactly, each product into two with a fused
/// multiply-add, and the 16 terms are summed into a non-overlapping expansion whose largest
/// component has the sign of the whole.
@inline(never)
func exactOrientation(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double) -> Double {
    let d1 = twoDiff(bx, ax)
    let d2 = twoDiff(cy, ay)
    let d3 = twoDiff(by, ay)
    let d4 = twoDiff(cx, ax)
    var expansion: [Double] = []
    expansion.reserveCapacity(16)
    for (u, v, sign) in [(d1, d2, 1.0), (d3, d4, -1.0)] {
        for x in [u.high, u.low] {
            for y in [v.high, v.low] {
                let p = x * y
                let e = (-p).addingProduct(x, y)
                grow(&expansion, sign * p)
                grow(&expansion, sign * e)
            }
        }
    }
    guard let largest = expansion.last(where: { $0 != 0 }) else { return 0 }
    return largest > 0 ? 1 : -1
}

/// `a - b` as `high + low` exactly.
@inline(__always)
private func twoDiff(_ a: Double, _ b: Double) -> (high: Double, low: Double) {
    let x = a - b
    let bVirtual = a - x
    let aVirtual = x + bVirtual
    return (x, (a - aVirtual) + (bVirtual - b))
}

/// Adds `b` to the non-overlapping expansion `e` (smallest component first), exactly
/// (Shewchuk's Grow-Expansion), dropping zero components.
private func grow(_ e: inout [Double], _ b: Double) {
    var q = b
    var out: [Double] = []
    out.reserveCapacity(e.count + 1)
    for x in e {
        let s = q + x
        let bVirtual = s - q
        let aVirtual = s - bVirtual
        let tail = (q - aVirtual) + (x - bVirtual)
        if tail != 0 { out.append(tail) }
        q = s
    }
    if q != 0 { out.append(q) }
    e = out
}
