/// A uniform grid over boxes (points are boxes of size 0), for finding the items near a box
/// and the pairs of items whose boxes meet, without testing all pairs.
///
/// Items are stored once per cell they touch (compressed rows: `cellStart`, `cellItems`). The
/// grid has about one cell per item, so sparse linework costs little; a few very long segments
/// land in many cells, which only costs their own insertion.
struct GridIndex: Sendable {
    private let west: Double, south: Double
    private let cellWidth: Double, cellHeight: Double
    private let columns: Int, rows: Int
    private var cellStart: [Int32]
    private var cellItems: [Int32]
    private let boxes: [BoundingBox]
    /// Each item's lowest column and row: two boxes that meet first share the cell
    /// (max of their columns, max of their rows), as cells are monotonic in the coordinates.
    private var firstColumn: [Int32]
    private var firstRow: [Int32]

    /// An index of `boxes` (none may be NaN).
    init(_ boxes: [BoundingBox]) {
        self.boxes = boxes
        var extent = boxes.first ?? BoundingBox(west: 0, south: 0, east: 0, north: 0)
        for b in boxes { extent = extent.union(b) }
        west = extent.west
        south = extent.south
        let width = max(extent.east - extent.west, 1e-12)
        let height = max(extent.north - extent.south, 1e-12)
        // About four cells per item (linework leaves most cells empty), square-ish, capped so
        // the table stays small.
        let cells = Double(min(max(4 * boxes.count, 1), 1 << 22))
        let side = (width * height / cells).squareRoot()
        columns = max(1, min(4096, Int((width / side).rounded(.up))))
        rows = max(1, min(4096, Int((height / side).rounded(.up))))
        cellWidth = width / Double(columns)
        cellHeight = height / Double(rows)

        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var ranges: [(x0: Int, x1: Int, y0: Int, y1: Int)] = []
        ranges.reserveCapacity(boxes.count)
        firstColumn = []
        firstRow = []
        firstColumn.reserveCapacity(boxes.count)
        firstRow.reserveCapacity(boxes.count)
        for b in boxes {
            let r = Self.cells(b, west, south, cellWidth, cellHeight, columns, rows)
            ranges.append(r)
            firstColumn.append(Int32(r.x0))
            firstRow.append(Int32(r.y0))
            for y in r.y0...r.y1 { for x in r.x0...r.x1 { counts[y * columns + x + 1] += 1 } }
        }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var fill = counts
        cellItems = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for (item, r) in ranges.enumerated() {
            for y in r.y0...r.y1 {
                for x in r.x0...r.x1 {
                    let c = y * columns + x
                    cellItems[Int(fill[c])] = Int32(item)
                    fill[c] += 1
                }
            }
        }
        cellStart = counts
    }

    private static func cells(
        _ b: BoundingBox, _ west: Double, _ south: Double, _ w: Double, _ h: Double,
        _ columns: Int, _ rows: Int
    ) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        func clamp(_ v: Double, _ n: Int) -> Int { v.isFinite ? max(0, min(n - 1, Int(v))) : (v > 0 ? n - 1 : 0) }
        return (
            clamp((b.west - west) / w, columns), clamp((b.east - west) / w, columns),
            clamp((b.south - south) / h, rows), clamp((b.north - south) / h, rows)
        )
    }

    /// The rows of cells, for ``forEachPair(apart:rows:_:)``.
    var rowCount: Int { rows }

    /// Calls `body` with each item whose box meets `box`, once each.
    func forEach(meeting box: BoundingBox, _ body: (Int) -> Void) {
        guard !boxes.isEmpty else { return }
        let r = Self.cells(box, west, south, cellWidth, cellHeight, columns, rows)
        // Buffers, not arrays, in the loops: unoptimised builds retain an array on every access.
        boxes.withUnsafeBufferPointer { boxes in
            cellStart.withUnsafeBufferPointer { cellStart in
                cellItems.withUnsafeBufferPointer { cellItems in
                    firstColumn.withUnsafeBufferPointer { firstColumn in
                        firstRow.withUnsafeBufferPointer { firstRow in
                            for y in r.y0...r.y1 {
                                for x in r.x0...r.x1 {
                                    let c = y * columns + x
                                    for k in Int(cellStart[c])..<Int(cellStart[c + 1]) {
                                        let item = Int(cellItems[k])
                                        let b = boxes[item]
                                        guard b.west <= box.east, box.west <= b.east, b.south <= box.north,
                                            box.south <= b.north
                                        else { continue }
                                        // Report an item only in the first cell (in scan order) both boxes share.
                                        if max(Int(firstColumn[item]), r.x0) == x && max(Int(firstRow[item]), r.y0) == y
                                        {
                                            body(item)
                                        }
                                    }
                                }
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
    /// With `rows` (a range of ``rowCount``), only the pairs found in those rows of cells: the
    /// pairs of disjoint ranges are disjoint, and those of all rows are every pair.
    func forEachPair(apart groups: [Int32]? = nil, rows band: Range<Int>? = nil, _ body: (Int, Int) -> Void) {
        if let groups { precondition(groups.count == boxes.count, "one group per item") }
        let band = band ?? 0..<rows
        let grouped = groups != nil
        (groups ?? []).withUnsafeBufferPointer { groups in
            boxes.withUnsafeBufferPointer { boxes in
                cellStart.withUnsafeBufferPointer { cellStart in
                    cellItems.withUnsafeBufferPointer { cellItems in
                        firstColumn.withUnsafeBufferPointer { firstColumn in
                            firstRow.withUnsafeBufferPointer { firstRow in
                                for y in band {
                                    for x in 0..<columns {
                                        let c = y * columns + x
                                        let (x32, y32) = (Int32(x), Int32(y))
                                        let start = Int(cellStart[c])
                                        let end = Int(cellStart[c + 1])
                                        guard end - start > 1 else { continue }
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
                                            let ba = boxes[a]
                                            let (ax, ay) = (firstColumn[a], firstRow[a])
                                            for j in runEnd..<end {
                                                let b = Int(cellItems[j])
                                                // In the first cell (in scan order) both boxes share.
                                                guard max(ax, firstColumn[b]) == x32, max(ay, firstRow[b]) == y32
                                                else { continue }
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
        }
    }
}
