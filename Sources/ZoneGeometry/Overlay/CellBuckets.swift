import ZoneSupport

/// The square cells (side `cell`, in the segment's units, origin-aligned) that segment a–b
/// widened by `margin` may touch: every cell of its box when that is small, else, column by
/// column, the cells that its points within `margin` reach (plus a fine unit, for the rounding
/// of the line's y in Double). Calls `body(cx, cy, wholeBox)`; `wholeBox`
/// tells whether all cells of the box were visited.
@inline(__always)
package func forEachCell(
    along a: GridPoint, _ b: GridPoint, cell: Int64, margin: Int64, _ body: (Int64, Int64, Bool) -> Void
) {
    let x0 = floorDiv(min(a.x, b.x) - margin, cell)
    let x1 = floorDiv(max(a.x, b.x) + margin, cell)
    let y0 = floorDiv(min(a.y, b.y) - margin, cell)
    let y1 = floorDiv(max(a.y, b.y) + margin, cell)
    if (x1 - x0 + 1) * (y1 - y0 + 1) <= 16 || a.x == b.x || a.y == b.y {
        for cx in x0...x1 { for cy in y0...y1 { body(cx, cy, true) } }
        return
    }
    let (lx, ly, rx, ry) = a.x < b.x ? (a.x, a.y, b.x, b.y) : (b.x, b.y, a.x, a.y)
    let slope = Double(ry - ly) / Double(rx - lx)
    for cx in x0...x1 {
        // The segment's x-range inside this column, widened by the margin.
        let left = max(lx, cx * cell - margin)
        let right = min(rx, (cx + 1) * cell + margin)
        guard left <= right else { continue }
        let ya = Double(ly) + slope * Double(left - lx)
        let yb = Double(ly) + slope * Double(right - lx)
        let lo = floorDiv(Int64(min(ya, yb).rounded(.down)) - margin - 1, cell)
        let hi = floorDiv(Int64(max(ya, yb).rounded(.up)) + margin + 1, cell)
        let ylo = max(y0, lo)
        let yhi = min(y1, hi)
        if ylo <= yhi { for cy in ylo...yhi { body(cx, cy, false) } }
    }
}

/// Items bucketed by cell, for looking up what lies in a cell.
///
/// Cells are numbered row by row inside their bounding box. When that box has few cells for
/// the items (dense), a cell's number indexes `starts` directly (a counting sort, no hashing);
/// otherwise the occupied cells are sorted and found through a hash table.
struct CellBuckets: Sendable {
    private var origin = GridPoint(x: 0, y: 0)
    private var width: Int64 = 1
    private var height: Int64 = 1
    /// Dense: nil, `starts` has an entry per cell of the box. Sparse: the occupied cells in
    /// order, and their slots by cell (only when made for lookups).
    private var occupied: [GridPoint]?
    private var table: IntegerTable<GridPoint>?
    private var starts: [Int32] = [0]
    package private(set) var items: [Int32] = []

    /// The (cell, item) pairs that `visit` passes to its argument, items ≥ 0 in non-decreasing
    /// order (so each cell's are). `visit` is called twice, to size the buckets and to fill
    /// them: the pairs are held as one 8-byte key each (cell number, item), not as a list of
    /// pairs and a sorted copy of it, which for a huge ring's segments took hundreds of MB.
    /// Without `lookups`, the buckets are only walked (``forEachCell(in:_:)``), and a sparse
    /// grid makes no table for ``range(_:)``.
    init(lookups: Bool = true, _ visit: ((GridPoint, Int32) -> Void) -> Void) {
        var count = 0
        var x0 = Int64.max
        var y0 = Int64.max
        var x1 = Int64.min
        var y1 = Int64.min
        visit { cell, _ in
            x0 = min(x0, cell.x)
            x1 = max(x1, cell.x)
            y0 = min(y0, cell.y)
            y1 = max(y1, cell.y)
            count += 1
        }
        guard count > 0 else { return }
        origin = GridPoint(x: x0, y: y0)
        width = x1 - x0 + 1
        height = y1 - y0 + 1
        let cells = width.multipliedReportingOverflow(by: height)
        guard !cells.overflow && cells.partialValue < 1 << 32 else {
            // A box too large to number its cells in 32 bits (cities far apart): sorted as one
            // 128-bit integer each, row, column, item, when that fits; else as pairs.
            let (xBits, yBits) = (Self.bits(width - 1), Self.bits(height - 1))
            guard xBits + yBits + 32 <= 128 else {
                var entries: [(cell: GridPoint, item: Int32)] = []
                entries.reserveCapacity(count)
                visit { entries.append(($0, $1)) }
                initSparse(
                    entries.sorted { $0.cell != $1.cell ? $0.cell < $1.cell : $0.item < $1.item }, lookups: lookups)
                return
            }
            var keys: [UInt128] = []
            keys.reserveCapacity(count)
            visit { cell, item in
                keys.append(
                    UInt128(UInt64(bitPattern: cell.y - y0)) << (xBits + 32)
                        | UInt128(UInt64(bitPattern: cell.x - x0)) << 32 | UInt128(UInt32(bitPattern: item)))
            }
            keys.sort()
            let xMask = (UInt128(1) << xBits) - 1
            initSparse(
                keys.lazy.map {
                    (
                        GridPoint(
                            x: x0 + Int64(bitPattern: UInt64(truncatingIfNeeded: ($0 >> 32) & xMask)),
                            y: y0 + Int64(bitPattern: UInt64(truncatingIfNeeded: $0 >> (xBits + 32)))),
                        Int32(bitPattern: UInt32(truncatingIfNeeded: $0))
                    )
                }, lookups: lookups)
            return
        }
        var keys: [UInt64] = []
        keys.reserveCapacity(count)
        let (w, ox, oy) = (width, x0, y0)
        visit { cell, item in
            keys.append(UInt64((cell.y - oy) * w + (cell.x - ox)) << 32 | UInt64(UInt32(bitPattern: item)))
        }
        if cells.partialValue <= 2 * Int64(count) + 64 {
            starts = [Int32](repeating: 0, count: Int(cells.partialValue) + 1)
            for k in keys { starts[Int(k >> 32) + 1] += 1 }
            for c in 0..<Int(cells.partialValue) { starts[c + 1] += starts[c] }
            items = [Int32](repeating: 0, count: count)
            var fill = starts
            for k in keys {
                let c = Int(k >> 32)
                items[Int(fill[c])] = Int32(truncatingIfNeeded: k)
                fill[c] += 1
            }
            return
        }
        // Sparse: sorted by (cell, item), one integer each.
        // Items were visited in order, so sorting by cell alone keeps them in order within a cell.
        keys.radixSort(fromBit: 32)
        initSparse(
            keys.lazy.map {
                (GridPoint(x: Int64($0 >> 32) % w + ox, y: Int64($0 >> 32) / w + oy), Int32(truncatingIfNeeded: $0))
            }, lookups: lookups)
    }

    /// Bits needed to hold 0...n (n ≥ 0).
    private static func bits(_ n: Int64) -> Int { 64 - UInt64(n).leadingZeroBitCount }

    /// Sparse buckets from pairs sorted by (cell, item).
    private mutating func initSparse(_ sorted: some Collection<(GridPoint, Int32)>, lookups: Bool) {
        var occupied: [GridPoint] = []
        starts = []
        items = []
        items.reserveCapacity(sorted.count)
        var last: GridPoint?
        for (cell, item) in sorted {
            if cell != last {
                occupied.append(cell)
                starts.append(Int32(items.count))
                last = cell
            }
            items.append(item)
        }
        starts.append(Int32(items.count))
        if lookups {
            var table = IntegerTable<GridPoint>(capacity: occupied.count)
            for cell in occupied { table.insert(cell) }
            self.table = table
        }
        self.occupied = occupied
    }

    /// Row-major number of a cell inside the box (dense only).
    @inline(__always)
    private func number(_ cell: GridPoint) -> Int {
        Int((cell.y - origin.y) * width + (cell.x - origin.x))
    }

    /// Positions in ``items`` of the items of one cell (buckets made for lookups).
    @inline(__always)
    package func range(_ cell: GridPoint) -> Range<Int> {
        let k: Int
        if occupied != nil {
            guard let table else { preconditionFailure("CellBuckets made without lookups") }
            guard let slot = table[cell] else { return 0..<0 }
            k = Int(slot)
        } else {
            guard cell.x >= origin.x && cell.x - origin.x < width && cell.y >= origin.y && cell.y - origin.y < height
            else { return 0..<0 }
            k = number(cell)
        }
        return Int(starts[k])..<Int(starts[k + 1])
    }

    /// The number of cells (numbered 0..<cellCount in ``forEachCell(in:_:)``), empty ones included.
    var cellCount: Int { starts.count - 1 }

    /// Every non-empty cell of `cells`, with the positions of its items.
    package func forEachCell(in cells: Range<Int>, _ body: (GridPoint, Range<Int>) -> Void) {
        for k in cells where starts[k] < starts[k + 1] {
            let cell =
                occupied?[k] ?? GridPoint(x: origin.x + Int64(k) % width, y: origin.y + Int64(k) / width)
            body(cell, Int(starts[k])..<Int(starts[k + 1]))
        }
    }
}
