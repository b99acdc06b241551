import Foundation

/// A static KD-tree over points in world units (kdbush's layout): indices sorted in place by
/// alternating axes down to buckets of at most ``nodeSize``; queries walk it with a stack.
struct PointKDTree {
    static let nodeSize = 64
    /// Item indices in tree order, and their coordinates in the same order.
    package private(set) var ids: [Int32]
    package private(set) var coords: [Double]

    /// Builds the tree over `xs`, `ys` (item i is at `(xs[i], ys[i])`).
    init(xs: [Double], ys: [Double]) {
        let n = xs.count
        ids = (0..<Int32(n)).map { $0 }
        coords = [Double](repeating: 0, count: 2 * n)
        for i in 0..<n {
            coords[2 * i] = xs[i]
            coords[2 * i + 1] = ys[i]
        }
        if n > 0 { sort(0, n - 1, axis: 0) }
    }

    private mutating func sort(_ left: Int, _ right: Int, axis: Int) {
        if right - left <= Self.nodeSize { return }
        let m = (left + right) >> 1
        select(m, left, right, axis: axis)
        sort(left, m - 1, axis: 1 - axis)
        sort(m + 1, right, axis: 1 - axis)
    }

    /// Floyd–Rivest selection: the k-th item by `axis` at position k, smaller ones before it.
    private mutating func select(_ k: Int, _ left: Int, _ right: Int, axis: Int) {
        var left = left
        var right = right
        while right > left {
            if right - left > 600 {
                let n = Double(right - left + 1)
                let m = Double(k - left + 1)
                let z = Foundation.log(n)
                let s = 0.5 * Foundation.exp(2 * z / 3)
                let sd = 0.5 * (Foundation.sqrt(z * s * (n - s) / n)) * (m - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                select(k, newLeft, newRight, axis: axis)
            }
            let t = coords[2 * k + axis]
            var i = left
            var j = right
            swapItems(left, k)
            if coords[2 * right + axis] > t { swapItems(left, right) }
            while i < j {
                swapItems(i, j)
                i += 1
                j -= 1
                while coords[2 * i + axis] < t { i += 1 }
                while coords[2 * j + axis] > t { j -= 1 }
            }
            if coords[2 * left + axis] == t {
                swapItems(left, j)
            } else {
                j += 1
                swapItems(j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    @inline(__always) private mutating func swapItems(_ i: Int, _ j: Int) {
        ids.swapAt(i, j)
        coords.swapAt(2 * i, 2 * j)
        coords.swapAt(2 * i + 1, 2 * j + 1)
    }

    /// How many items lie within `r` of `(qx, qy)`, counted up to `limit` (the walk stops there).
    package func count(_ qx: Double, _ qy: Double, _ r: Double, limit: Int) -> Int {
        if ids.isEmpty || limit <= 0 { return 0 }
        var found = 0
        walk(qx, qy, r) { _ in
            found += 1
            return found < limit
        }
        return found
    }

    /// Calls `body` with the index of every item within `r` of `(qx, qy)` (squared distances).
    package func within(_ qx: Double, _ qy: Double, _ r: Double, _ body: (Int) -> Void) {
        walk(qx, qy, r) {
            body($0)
            return true
        }
    }

    /// kdbush's `within`: the items within `r` in tree order, until `body` returns false. The walk's
    /// stack (ranges still to visit) lives on the call stack: at most one pending range per level.
    private func walk(_ qx: Double, _ qy: Double, _ r: Double, _ body: (Int) -> Bool) {
        if ids.isEmpty { return }
        withUnsafeTemporaryAllocation(of: (Int, Int, Int).self, capacity: 2 * Int.bitWidth) { stack in
            stack[0] = (0, ids.count - 1, 0)
            var top = 1
            let r2 = r * r
            while top > 0 {
                top -= 1
                let (left, right, axis) = stack[top]
                if right - left <= Self.nodeSize {
                    for i in left...right {
                        let dx = coords[2 * i] - qx
                        let dy = coords[2 * i + 1] - qy
                        if dx * dx + dy * dy <= r2, !body(Int(ids[i])) { return }
                    }
                    continue
                }
                let m = (left + right) >> 1
                let x = coords[2 * m]
                let y = coords[2 * m + 1]
                let dx = x - qx
                let dy = y - qy
                if dx * dx + dy * dy <= r2, !body(Int(ids[m])) { return }
                let v = axis == 0 ? qx : qy
                let c = axis == 0 ? x : y
                if v - r <= c {
                    stack[top] = (left, m - 1, 1 - axis)
                    top += 1
                }
                if v + r >= c {
                    stack[top] = (m + 1, right, 1 - axis)
                    top += 1
                }
            }
        }
    }
}
