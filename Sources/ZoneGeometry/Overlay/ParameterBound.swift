/// A bound num / den (den > 0) on a segment's parameter, closed (≤) or open (<).
struct ParameterBound {
    var num: Int128
    var den: Int128
    package var open: Bool

    /// -1, 0 or 1 as self is below, equal to or above `o`.
    @inline(__always)
    package func compare(_ o: ParameterBound) -> Int {
        let l = num * o.den
        let r = o.num * den
        return l < r ? -1 : (l > r ? 1 : 0)
    }

    /// Keeps the larger (stricter) of two lower bounds; at equal values an open bound wins.
    @inline(__always)
    mutating func raise(to o: ParameterBound) {
        let c = compare(o)
        if c < 0 || (c == 0 && o.open) { self = o }
    }

    /// Keeps the smaller (stricter) of two upper bounds; at equal values an open bound wins.
    @inline(__always)
    package mutating func lower(to o: ParameterBound) {
        let c = compare(o)
        if c > 0 || (c == 0 && o.open) { self = o }
    }
}
