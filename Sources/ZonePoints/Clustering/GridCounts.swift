import ZoneSupport

/// Every item's number of items within `r` (itself included), counted up to `limit`: what
/// ``PointKDTree/count(_:_:_:limit:)`` gives for each, found through a grid of cells at least
/// `r` wide instead of a tree walk per item. Items are bucketed by cell (one radix sort); each
/// cell reads the up to nine cells around it once for all its items. No wrap across ±180°.
/// Nil when the grid would be too fine for its keys (more than 2^20 cells a side) or there are
/// too many items (2^24 or more).
func gridCounts(xs: [Double], ys: [Double], r: Double, limit: Int) -> [Int]? {
    let n = xs.count
    // One cell fewer than fits, so a cell is wider than r whatever the rounding (compared as a
    // Double first: a radius of 0, or one below 2^-20, has no grid).
    let fits = (1 / r).rounded(.down)
    guard n < 1 << 24, fits >= 2, fits <= Double(1 << 20) + 1 else { return nil }
    let cells = Int(fits) - 1
    let scale = Double(cells)
    func cell(_ v: Double) -> Int { min(max(Int(v * scale), 0), cells - 1) }
    var keys = (0..<n).map { UInt64(cell(ys[$0]) * cells + cell(xs[$0])) << 24 | UInt64($0) }
    keys.radixSort()
    let order = keys.map { Int($0 & 0xFF_FFFF) }
    let sx = order.map { xs[$0] }
    let sy = order.map { ys[$0] }
    // Cells that hold items: their keys and where their items start in `order`.
    var cellKey: [Int] = []
    var cellStart: [Int] = []
    for (i, k) in keys.enumerated() where i == 0 || k >> 24 != keys[i - 1] >> 24 {
        cellKey.append(Int(k >> 24))
        cellStart.append(i)
    }
    cellStart.append(n)
    let r2 = r * r
    var counts = [Int](repeating: 0, count: n)
    var ranges: [Range<Int>] = []
    // For the rows above, at and below a cell: the first cell at or after its left neighbour.
    // Cells go in key order, so each of these only moves forward.
    var next = [0, 0, 0]
    for c in cellKey.indices {
        let cx = cellKey[c] % cells
        let cy = cellKey[c] / cells
        ranges.removeAll(keepingCapacity: true)
        for d in 0..<3 {
            let row = cy + d - 1
            guard row >= 0, row < cells else { continue }
            let first = row * cells + max(cx - 1, 0)
            let last = row * cells + min(cx + 1, cells - 1)
            while next[d] < cellKey.count, cellKey[next[d]] < first { next[d] += 1 }
            var k = next[d]
            while k < cellKey.count, cellKey[k] <= last {
                ranges.append(cellStart[k]..<cellStart[k + 1])
                k += 1
            }
        }
        for i in cellStart[c]..<cellStart[c + 1] {
            let x = sx[i]
            let y = sy[i]
            var found = 0
            search: for range in ranges {
                for j in range {
                    let dx = sx[j] - x
                    let dy = sy[j] - y
                    if dx * dx + dy * dy <= r2 {
                        found += 1
                        if found >= limit { break search }
                    }
                }
            }
            counts[order[i]] = found
        }
    }
    return counts
}
