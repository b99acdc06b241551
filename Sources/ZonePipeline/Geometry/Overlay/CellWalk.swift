/// The square cells (side `cell`, in the segment's units, origin-aligned) that segment a–b
/// widened by `margin` may touch: every cell of its box when that is small, else, column by
/// column, the cells within one cell of the segment. Calls `body(cx, cy, wholeBox)`; `wholeBox`
/// tells whether all cells of the box were visited.
@inline(__always)
func forEachCell(along a: GridPoint, _ b: GridPoint, cell: Int64, margin: Int64, _ body: (Int64, Int64, Bool) -> Void) {
    let x0 = floorDiv(min(a.x, b.x) - margin, cell), x1 = floorDiv(max(a.x, b.x) + margin, cell)
    let y0 = floorDiv(min(a.y, b.y) - margin, cell), y1 = floorDiv(max(a.y, b.y) + margin, cell)
    if (x1 - x0 + 1) * (y1 - y0 + 1) <= 16 || a.x == b.x || a.y == b.y {
        for cx in x0...x1 { for cy in y0...y1 { body(cx, cy, true) } }
        return
    }
    let (lx, ly, rx, ry) = a.x < b.x ? (a.x, a.y, b.x, b.y) : (b.x, b.y, a.x, a.y)
    let slope = Double(ry - ly) / Double(rx - lx)
    for cx in x0...x1 {
        // The segment's x-range inside this column, widened by the margin.
        let left = max(lx, cx * cell - margin), right = min(rx, (cx + 1) * cell + margin)
        guard left <= right else { continue }
        let ya = Double(ly) + slope * Double(left - lx), yb = Double(ly) + slope * Double(right - lx)
        let lo = floorDiv(Int64(min(ya, yb).rounded(.down)) - margin - cell, cell)
        let hi = floorDiv(Int64(max(ya, yb).rounded(.up)) + margin + cell, cell)
        let ylo = max(y0, lo), yhi = min(y1, hi)
        if ylo <= yhi { for cy in ylo...yhi { body(cx, cy, false) } }
    }
}

/// Items bucketed by cell, for looking up what lies in a cell.
struct CellBuckets {
    private var table: IntegerTable<GridPoint>
    private var starts: [Int32] = []
    private(set) var items: [Int32] = []

    /// `entries`: (cell, item) pairs in any order, items below 2^32.
    init(_ entries: [(cell: GridPoint, item: Int32)]) {
        // Sort (cell, item) as one integer: cells numbered row by row inside their bounding box.
        var x0 = Int64.max, y0 = Int64.max, x1 = Int64.min, y1 = Int64.min
        for e in entries {
            x0 = min(x0, e.cell.x); x1 = max(x1, e.cell.x); y0 = min(y0, e.cell.y); y1 = max(y1, e.cell.y)
        }
        let width = entries.isEmpty ? 1 : UInt64(x1 - x0 + 1)
        let height = entries.isEmpty ? 1 : UInt64(y1 - y0 + 1)
        let packed = width.multipliedReportingOverflow(by: height)
        var keys: [UInt64]
        var cellOf: (UInt64) -> GridPoint
        if !packed.overflow && packed.partialValue < 1 << 31 {
            keys = entries.map { (UInt64($0.cell.y - y0) * width + UInt64($0.cell.x - x0)) << 32 | UInt64(UInt32(bitPattern: $0.item)) }
            cellOf = { k in
                let c = k >> 32
                return GridPoint(x: Int64(c % width) + x0, y: Int64(c / width) + y0)
            }
            keys.sort()
        } else {
            // Too sparse to number: sort the pairs themselves.
            let sorted = entries.sorted { $0.cell != $1.cell ? $0.cell < $1.cell : $0.item < $1.item }
            let cells = sorted.map(\.cell)
            keys = sorted.indices.map { UInt64($0) << 32 | UInt64(UInt32(bitPattern: sorted[$0].item)) }
            cellOf = { k in cells[Int(k >> 32)] }
        }
        table = IntegerTable<GridPoint>(capacity: keys.count / 2 + 1)
        items = keys.map { Int32(truncatingIfNeeded: $0) }
        var start = 0
        var startCell = keys.first.map(cellOf) ?? GridPoint(x: 0, y: 0)
        for i in 1..<(keys.count + 1) {
            let cell = i < keys.count ? cellOf(keys[i]) : startCell
            guard i == keys.count || cell != startCell else { continue }
            table.insert(startCell, Int32(starts.count))
            starts.append(Int32(start))
            start = i
            startCell = cell
        }
        starts.append(Int32(keys.count))
    }

    /// Positions in ``items`` of the items of one cell.
    func range(_ cell: GridPoint) -> Range<Int> {
        guard let k = table[cell] else { return 0..<0 }
        return Int(starts[Int(k)])..<Int(starts[Int(k) + 1])
    }

    /// Every non-empty cell with the positions of its items.
    func forEachCell(_ body: (Range<Int>) -> Void) {
        for k in 0..<(starts.count - 1) { body(Int(starts[k])..<Int(starts[k + 1])) }
    }
}
