/// A uniform grid over boxes (points are boxes of size 0), for finding the items near a box
/// and the pairs of items whose boxes meet, without testing all pairs.
///
/// Items are stored once per cell they touch (compressed rows: `cellStart`, `cellItems`). The
/// grid has about four cells per item over the items' extent, so sparse linework costs little;
/// a few very long segments land in many cells, which only costs their own insertion.
///
/// Items in clusters far apart (a `group_by` whose units span several cities) would crowd a
/// few cells of such a grid: then the cells shrink until about one item's entry is left per
/// occupied cell, and only the occupied cells are kept, numbered through a hash table.
package struct GridIndex: Sendable {
    private let west: Double, south: Double
    private let cellWidth: Double, cellHeight: Double
    private let columns: Int, rows: Int
    /// Sparse grids: the occupied cells' (column, row), numbered; nil when cells are numbered row by row.
    private let occupied: IntegerTable<GridPoint>?
    private var cellStart: [Int32]
    private var cellItems: [Int32]
    private let boxes: [BoundingBox]
    /// Per entry of `cellItems`, its item's lowest column and row: two boxes that meet first
    /// share the cell (max of their columns, max of their rows), as cells are monotonic in the
    /// coordinates. Kept per entry, beside the item, so a cell's pairs read them in order.
    private var cellFirst: [SIMD2<Int32>]

    /// Mean entries per occupied cell above which the grid is made sparse and finer.
    static let crowded = 8

    /// An index of `boxes` (none may be NaN), with about `cellsPerItem` cells per box over
    /// their extent (before any refinement of crowded cells).
    package init(_ boxes: [BoundingBox], cellsPerItem: Double = 4) {
        self.boxes = boxes
        var extent = boxes.first ?? BoundingBox(west: 0, south: 0, east: 0, north: 0)
        for b in boxes { extent = extent.union(b) }
        west = extent.west
        south = extent.south
        let width = max(extent.east - extent.west, 1e-12)
        let height = max(extent.north - extent.south, 1e-12)
        // By default about four cells per item (linework leaves most cells empty), square-ish,
        // capped so the table stays small.
        let cells = min(max(cellsPerItem * Double(boxes.count), 1), Double(1 << 22))
        let side = (width * height / cells).squareRoot()
        // Clamped as Doubles: a box far longer than wide (a coordinate of 1e100 beside ones of
        // 0 to 6, as fuzzing made) has a ratio beyond Int's range.
        func divisions(_ length: Double) -> Int {
            let n = (length / side).rounded(.up)
            return n.isNaN ? 1 : Int(max(1, min(4096, n)))
        }
        var columns = divisions(width)
        var rows = divisions(height)
        // Entries of cell c at c + 1 (cells row by row), then where each cell starts.
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        // Each item's cells, computed once for counting and filling: x0, x1, y0, y1.
        var spans: [SIMD4<Int32>] = []
        spans.reserveCapacity(boxes.count)
        for b in boxes {
            let r = Self.cells(b, west, south, width / Double(columns), height / Double(rows), columns, rows)
            spans.append(SIMD4(Int32(r.x0), Int32(r.x1), Int32(r.y0), Int32(r.y1)))
            for y in r.y0...r.y1 { for x in r.x0...r.x1 { counts[y * columns + x + 1] += 1 } }
        }
        var table: IntegerTable<GridPoint>?
        // Sparse: each entry's cell number, in item order (numbers are given as cells are met).
        var entryCells: [Int32] = []
        if let refined = Self.refinement(counts, boxes, extent, columns: columns, rows: rows) {
            (columns, rows) = (refined.columns, refined.rows)
            var occupied = IntegerTable<GridPoint>(capacity: 0)
            counts = [0]
            for (item, b) in boxes.enumerated() {
                let r = Self.cells(b, west, south, width / Double(columns), height / Double(rows), columns, rows)
                spans[item] = SIMD4(Int32(r.x0), Int32(r.x1), Int32(r.y0), Int32(r.y1))
                for y in r.y0...r.y1 {
                    for x in r.x0...r.x1 {
                        let (n, new) = occupied.insert(GridPoint(x: Int64(x), y: Int64(y)))
                        if new { counts.append(0) }
                        counts[Int(n) + 1] += 1
                        entryCells.append(n)
                    }
                }
            }
            table = occupied
        }
        self.columns = columns
        self.rows = rows
        cellWidth = width / Double(columns)
        cellHeight = height / Double(rows)
        occupied = table
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var fill = counts
        cellItems = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        cellFirst = [SIMD2<Int32>](repeating: .zero, count: cellItems.count)
        if table != nil {
            var e = 0
            for item in boxes.indices {
                let r = spans[item]
                for _ in 0..<(Int(r[3] - r[2] + 1) * Int(r[1] - r[0] + 1)) {
                    let c = Int(entryCells[e])
                    cellItems[Int(fill[c])] = Int32(item)
                    cellFirst[Int(fill[c])] = SIMD2(r[0], r[2])
                    fill[c] += 1
                    e += 1
                }
            }
        } else {
            for item in boxes.indices {
                let r = spans[item]
                for y in Int(r[2])...Int(r[3]) {
                    for x in Int(r[0])...Int(r[1]) {
                        let c = y * columns + x
                        cellItems[Int(fill[c])] = Int32(item)
                        cellFirst[Int(fill[c])] = SIMD2(r[0], r[2])
                        fill[c] += 1
                    }
                }
            }
        }
        cellStart = counts
    }

    /// For items crowded into few cells of the grid (`counts`: cell c's entries at c + 1), a finer
    /// grid of about one entry per occupied cell, halved back towards the first while that
    /// would more than double the entries (long items spanning many small cells); nil when the
    /// first grid is not crowded, or no finer one pays.
    private static func refinement(
        _ counts: [Int32], _ boxes: [BoundingBox], _ extent: BoundingBox, columns: Int, rows: Int
    ) -> (columns: Int, rows: Int)? {
        var occupiedCells = 0
        var entries = 0
        for c in counts.dropFirst() where c > 0 {
            occupiedCells += 1
            entries += Int(c)
        }
        guard boxes.count >= 64, entries > crowded * occupiedCells else { return nil }
        let width = max(extent.east - extent.west, 1e-12)
        let height = max(extent.north - extent.south, 1e-12)
        var factor = Double(entries / occupiedCells).squareRoot()
        while factor >= 2 {
            let c = min(1 << 30, Int((Double(columns) * factor).rounded(.up)))
            let r = min(1 << 30, Int((Double(rows) * factor).rounded(.up)))
            var finer = 0
            for b in boxes {
                let k = Self.cells(b, extent.west, extent.south, width / Double(c), height / Double(r), c, r)
                finer += (k.x1 - k.x0 + 1) * (k.y1 - k.y0 + 1)
                if finer > 2 * entries { break }
            }
            if finer <= 2 * entries { return (c, r) }
            factor /= 2
        }
        return nil
    }

    @inline(__always)
    private static func cells(
        _ b: BoundingBox, _ west: Double, _ south: Double, _ w: Double, _ h: Double,
        _ columns: Int, _ rows: Int
    ) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        @inline(__always) func clamp(_ v: Double, _ n: Int) -> Int {
            v.isFinite ? max(0, min(n - 1, Int(v))) : (v > 0 ? n - 1 : 0)
        }
        return (
            clamp((b.west - west) / w, columns), clamp((b.east - west) / w, columns),
            clamp((b.south - south) / h, rows), clamp((b.north - south) / h, rows)
        )
    }

    /// The number of cell (x, y) in `cellStart`, nil for an empty cell of a sparse grid.
    @inline(__always)
    private func cellNumber(_ x: Int, _ y: Int) -> Int? {
        guard let occupied else { return y * columns + x }
        return occupied[GridPoint(x: Int64(x), y: Int64(y))].map { Int($0) }
    }

    /// Calls `body` with each item whose box meets `box`, once each.
    package func forEach(meeting box: BoundingBox, _ body: (Int) -> Void) {
        guard !boxes.isEmpty else { return }
        let r = Self.cells(box, west, south, cellWidth, cellHeight, columns, rows)
        // Buffers, not arrays, in the loops: unoptimised builds retain an array on every access.
        boxes.withUnsafeBufferPointer { boxes in
            cellStart.withUnsafeBufferPointer { cellStart in
                cellItems.withUnsafeBufferPointer { cellItems in
                    cellFirst.withUnsafeBufferPointer { cellFirst in
                        func visit(_ c: Int, _ x: Int, _ y: Int) {
                            for k in Int(cellStart[c])..<Int(cellStart[c + 1]) {
                                // Report an item only in the first cell both boxes share.
                                let first = cellFirst[k]
                                guard max(Int(first.x), r.x0) == x && max(Int(first.y), r.y0) == y else { continue }
                                let item = Int(cellItems[k])
                                let b = boxes[item]
                                guard b.west <= box.east, box.west <= b.east, b.south <= box.north, box.south <= b.north
                                else { continue }
                                body(item)
                            }
                        }
                        // A box over more cells of a sparse grid than it has occupied: those, in order.
                        if let occupied, (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1) > occupied.count {
                            for (c, p) in occupied.keys.enumerated() {
                                let (x, y) = (Int(p.x), Int(p.y))
                                if r.x0 <= x && x <= r.x1 && r.y0 <= y && y <= r.y1 { visit(c, x, y) }
                            }
                            return
                        }
                        for y in r.y0...r.y1 {
                            for x in r.x0...r.x1 {
                                guard let c = cellNumber(x, y) else { continue }
                                visit(c, x, y)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body(a, b)` with a < b for each pair of items whose boxes meet, once each.
    ///
    /// With `groups` (one per item, each group's items numbered consecutively), two items of
    /// one group are never paired: a cell lists its items in order, so each group's are a run
    /// there, and an item is paired only with the runs after its own (no test per pair).
    ///
    /// With `cells` (a range of 0..<``cellCount``), only the pairs found in those cells: the
    /// pairs of disjoint ranges are disjoint, and those of all cells are every pair.
    func forEachPair(apart groups: [Int32]? = nil, cells: Range<Int>? = nil, _ body: (Int, Int) -> Void) {
        if let groups { precondition(groups.count == boxes.count, "one group per item") }
        let grouped = groups != nil
        let cells = cells ?? 0..<cellCount
        (groups ?? []).withUnsafeBufferPointer { groups in
            boxes.withUnsafeBufferPointer { boxes in
                cellStart.withUnsafeBufferPointer { cellStart in
                    cellItems.withUnsafeBufferPointer { cellItems in
                        cellFirst.withUnsafeBufferPointer { cellFirst in
                            for c in cells {
                                let start = Int(cellStart[c])
                                let end = Int(cellStart[c + 1])
                                guard end - start > 1 else { continue }
                                let here: SIMD2<Int32>
                                if let occupied {
                                    here = SIMD2(Int32(occupied.keys[c].x), Int32(occupied.keys[c].y))
                                } else {
                                    here = SIMD2(Int32(c % columns), Int32(c / columns))
                                }
                                // The end of the current item's run of one group.
                                var runEnd = start
                                for i in start..<(end - 1) {
                                    let a = Int(cellItems[i])
                                    if !grouped {
                                        runEnd = i + 1
                                    } else if i >= runEnd {
                                        runEnd = i + 1
                                        while runEnd < end && groups[Int(cellItems[runEnd])] == groups[a] {
                                            runEnd += 1
                                        }
                                    }
                                    let firstA = cellFirst[i]
                                    let ba = boxes[a]
                                    for j in runEnd..<end {
                                        // In the first cell (in scan order) both boxes share.
                                        guard pointwiseMax(firstA, cellFirst[j]) == here else { continue }
                                        let b = Int(cellItems[j])
                                        let bb = boxes[b]
                                        guard ba.west <= bb.east, bb.west <= ba.east, ba.south <= bb.north,
                                            bb.south <= ba.north
                                        else { continue }
                                        body(min(a, b), max(a, b))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The cells, numbered for ``forEachPair(apart:cells:_:)``: row by row, or, in a sparse
    /// grid, the occupied ones only.
    var cellCount: Int { cellStart.count - 1 }

    /// Whether the grid keeps its occupied cells only (the items were crowded into clusters).
    var isSparse: Bool { occupied != nil }
}
