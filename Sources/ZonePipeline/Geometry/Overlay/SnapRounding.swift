/// The distinct segments of a city's rings on the fine input grid, each stored once from its
/// lower end (`from < to`), with the net count per group of ring edges running along it from
/// `from` to `to` with the group's area on their left (exteriors counter-clockwise, holes
/// clockwise; an edge the other way counts -1).
///
/// A border two polygons of one group share is drawn twice in opposite directions and nets to
/// zero: it bounds nothing, so it is dropped before snapping. That removes the interior borders
/// of dissolved neighbourhoods before any work is spent on them (and their vertices never
/// become hot pixels on the borders that remain).
struct LabelledSegments {
    var from: [GridPoint] = []
    var to: [GridPoint] = []
    /// Labels of segment i: `labelGroup[labelStart[i]..<labelStart[i + 1]]`, nonzero weights.
    var labelStart: [Int32] = [0]
    var labelGroup: [Int32] = []
    var labelWeight: [Int32] = []

    var count: Int { from.count }
}

/// Collects ring edges into ``LabelledSegments``.
struct SegmentCollector {
    private var table = IntegerTable<GridSegment>(capacity: 1024)
    private var from: [GridPoint] = []
    private var to: [GridPoint] = []
    private var head: [Int32] = []
    private var group: [Int32] = []
    private var weight: [Int32] = []
    private var next: [Int32] = []

    /// Adds the directed edge a → b with `g`'s area on its left.
    mutating func append(_ a: GridPoint, _ b: GridPoint, group g: Int32) {
        let (p, q, w): (GridPoint, GridPoint, Int32) = a < b ? (a, b, 1) : (b, a, -1)
        let (u, new) = table.insert(GridSegment(from: p, to: q), Int32(from.count))
        if new {
            from.append(p); to.append(q); head.append(-1)
        }
        var k = head[Int(u)]
        while k >= 0 {
            if group[Int(k)] == g {
                weight[Int(k)] += w
                return
            }
            k = next[Int(k)]
        }
        group.append(g); weight.append(w); next.append(head[Int(u)])
        head[Int(u)] = Int32(group.count - 1)
    }

    /// The segments with a nonzero count for some group.
    func finish() -> LabelledSegments {
        var s = LabelledSegments()
        s.from.reserveCapacity(from.count); s.to.reserveCapacity(from.count)
        for u in from.indices {
            var k = head[u]
            var labels: [(Int32, Int32)] = []
            while k >= 0 {
                if weight[Int(k)] != 0 { labels.append((group[Int(k)], weight[Int(k)])) }
                k = next[Int(k)]
            }
            guard !labels.isEmpty else { continue }
            labels.sort { $0.0 < $1.0 }
            s.from.append(from[u]); s.to.append(to[u])
            for (g, w) in labels { s.labelGroup.append(g); s.labelWeight.append(w) }
            s.labelStart.append(Int32(s.labelGroup.count))
        }
        return s
    }
}

/// An edge between two output grid points, with the net count of ring edges of `group` along
/// it from `from` to `to` (area on the left).
struct SnappedEdge {
    var from: GridPoint
    var to: GridPoint
    var group: Int32
    var weight: Int32
}

/// Snap rounding (Hobby 1999; Guibas & Marimont 1998) of labelled segments from a fine grid to
/// the output grid, whose unit is `pixel` fine units.
///
/// Hot pixels are the output grid cells (closed squares around each grid point) holding a
/// segment end or a crossing of two segments. Each segment becomes the path through the
/// centres of all hot pixels it passes, in order along it. The paths of different segments
/// then meet only at grid points: the result is fully noded, every point moves by at most half
/// a cell diagonal, and all predicates are exact integer arithmetic (the one floating-point
/// step, locating a crossing, is checked exactly and widened to the neighbouring pixels).
struct SnapRounder {
    /// Fine units per output grid unit; even, so pixel edges are on the fine grid.
    let pixel: Int64
    var half: Int64 { pixel / 2 }

    func callAsFunction(_ s: LabelledSegments) -> [SnappedEdge] {
        var hot = IntegerTable<GridPoint>(capacity: s.count + s.count / 4)
        var hotList: [GridPoint] = []
        func makeHot(_ p: GridPoint) {
            if hot.insert(p, Int32(hotList.count)).inserted { hotList.append(p) }
        }
        for i in 0..<s.count {
            makeHot(pixelOf(s.from[i]))
            makeHot(pixelOf(s.to[i]))
        }
        let cell = cellSize(s)
        for p in crossingPixels(s, cell: cell * pixel) { makeHot(p) }

        // Hot pixels by cell of `cell` pixels.
        let index = CellBuckets(hotList.indices.map {
            (GridPoint(x: floorDiv(hotList[$0].x, cell), y: floorDiv(hotList[$0].y, cell)), Int32($0))
        })
        var edges: [SnappedEdge] = []
        edges.reserveCapacity(s.count + s.count / 4)
        var found: [(t: Int128, p: GridPoint)] = []
        for i in 0..<s.count {
            let a = s.from[i], b = s.to[i]
            found.removeAll(keepingCapacity: true)
            let dx = Int128(b.x - a.x), dy = Int128(b.y - a.y)
            forEachCell(along: a, b, cell: cell * pixel, margin: pixel) { cx, cy, _ in
                for k in index.range(GridPoint(x: cx, y: cy)) {
                    let p = hotList[Int(index.items[k])]
                    guard hits(a, b, pixel: p) else { continue }
                    let t = Int128(p.x * pixel - a.x) * dx + Int128(p.y * pixel - a.y) * dy
                    found.append((t, p))
                }
            }
            if found.count > 1 {
                found.sort { $0.t != $1.t ? $0.t < $1.t : ($0.p.x != $1.p.x ? $0.p.x < $1.p.x : $0.p.y < $1.p.y) }
            }
            let labels = Int(s.labelStart[i])..<Int(s.labelStart[i + 1])
            func emit(_ p: GridPoint, _ q: GridPoint) {
                for k in labels { edges.append(SnappedEdge(from: p, to: q, group: s.labelGroup[k], weight: s.labelWeight[k])) }
            }
            var last = pixelOf(a)
            for (_, p) in found where p != last {
                emit(last, p)
                last = p
            }
            let end = pixelOf(b)
            if end != last { emit(last, end) }
        }
        return edges
    }

    /// The output grid point whose cell holds fine point `p` (a point on a cell edge goes to
    /// the upper cell).
    @inline(__always)
    func pixelOf(_ p: GridPoint) -> GridPoint {
        GridPoint(x: floorDiv(p.x + half, pixel), y: floorDiv(p.y + half, pixel))
    }

    /// True when segment a–b meets the cell of grid point `p`. Exact.
    ///
    /// Cells are half-open, [x − ½, x + ½) × [y − ½, y + ½), so they tile the plane and a point
    /// on an edge or corner is in exactly one cell (the one ``pixelOf(_:)`` names). With closed
    /// cells a segment through a cell corner met all four cells there, two of them at the same
    /// place along it, and whichever order was chosen, two snapped diagonals crossed.
    ///
    /// Clipping in the segment's parameter t ∈ [0, 1] (Liang–Barsky), with each bound an exact
    /// fraction that is closed (≤) or open (<): the cell is met when the largest lower bound is
    /// below the smallest upper bound, or equal to it with both closed.
    @inline(__always)
    func hits(_ a: GridPoint, _ b: GridPoint, pixel p: GridPoint) -> Bool {
        let x0 = p.x * pixel - half, x1 = p.x * pixel + half
        let y0 = p.y * pixel - half, y1 = p.y * pixel + half
        if max(a.x, b.x) < x0 || min(a.x, b.x) >= x1 || max(a.y, b.y) < y0 || min(a.y, b.y) >= y1 { return false }
        var lower = ParameterBound(num: 0, den: 1, open: false), upper = ParameterBound(num: 1, den: 1, open: false)
        // low ≤ a + t·d < high along one axis.
        func clip(_ start: Int64, _ d: Int64, _ low: Int64, _ high: Int64) -> Bool {
            if d == 0 { return low <= start && start < high }
            if d > 0 {
                lower.raise(to: ParameterBound(num: Int128(low - start), den: Int128(d), open: false))
                upper.lower(to: ParameterBound(num: Int128(high - start), den: Int128(d), open: true))
            } else {
                lower.raise(to: ParameterBound(num: Int128(start - high), den: Int128(-d), open: true))
                upper.lower(to: ParameterBound(num: Int128(start - low), den: Int128(-d), open: false))
            }
            return true
        }
        guard clip(a.x, b.x - a.x, x0, x1), clip(a.y, b.y - a.y, y0, y1) else { return false }
        let order = lower.compare(upper)
        return order < 0 || (order == 0 && !lower.open && !upper.open)
    }

    /// Hot pixels of every proper crossing of two segments. Segments are bucketed by cells of
    /// `cell` fine units; a pair is tested in the cell holding the lower-left corner of the
    /// overlap of their boxes (once), or in every shared cell when a long segment was bucketed
    /// along its line only.
    func crossingPixels(_ s: LabelledSegments, cell: Int64) -> [GridPoint] {
        var entries: [(cell: GridPoint, item: Int32)] = []
        entries.reserveCapacity(2 * s.count)
        var wholeBox = [Bool](repeating: true, count: s.count)
        for i in 0..<s.count {
            forEachCell(along: s.from[i], s.to[i], cell: cell, margin: 0) { cx, cy, whole in
                entries.append((GridPoint(x: cx, y: cy), Int32(i)))
                if !whole { wholeBox[i] = false }
            }
        }
        let buckets = CellBuckets(entries)
        var out: [GridPoint] = []
        buckets.forEachCell { range in
            guard range.count > 1 else { return }
            for u in range {
                let i = Int(buckets.items[u])
                let a = s.from[i], b = s.to[i]
                let iMinX = min(a.x, b.x), iMaxX = max(a.x, b.x), iMinY = min(a.y, b.y), iMaxY = max(a.y, b.y)
                for v in (u + 1)..<range.upperBound {
                    let j = Int(buckets.items[v])
                    let c = s.from[j], d = s.to[j]
                    let jMinX = min(c.x, d.x), jMaxX = max(c.x, d.x), jMinY = min(c.y, d.y), jMaxY = max(c.y, d.y)
                    guard iMinX <= jMaxX, jMinX <= iMaxX, iMinY <= jMaxY, jMinY <= iMaxY else { continue }
                    if wholeBox[i] && wholeBox[j] {
                        // Test once: in the cell of the overlap's lower-left corner.
                        let here = GridPoint(x: floorDiv(max(iMinX, jMinX), cell), y: floorDiv(max(iMinY, jMinY), cell))
                        guard buckets.range(here).contains(u) else { continue }
                    }
                    addCrossing(a, b, c, d, into: &out)
                }
            }
        }
        return out
    }

    /// When a–b and c–d cross at a point inside both, the pixel holding that point.
    ///
    /// The crossing parameter is exact (integer cross products) up to one rounding to Double, so
    /// the computed point is within a hundredth of a fine unit of the true one; when that is
    /// closer to a pixel edge, the pixels across the edge are made hot as well (if both segments
    /// pass them), so the true crossing's pixel is always among them.
    func addCrossing(_ a: GridPoint, _ b: GridPoint, _ c: GridPoint, _ d: GridPoint, into hot: inout [GridPoint]) {
        let o1 = orientation(a, b, c), o2 = orientation(a, b, d)
        guard o1 * o2 < 0 else { return }
        let o3 = orientation(c, d, a), o4 = orientation(c, d, b)
        guard o3 * o4 < 0 else { return }
        let den = Int128(b.x - a.x) * Int128(d.y - c.y) - Int128(b.y - a.y) * Int128(d.x - c.x)
        let num = Int128(c.x - a.x) * Int128(d.y - c.y) - Int128(c.y - a.y) * Int128(d.x - c.x)
        let t = toDouble(num) / toDouble(den)
        let x = Double(a.x) + t * Double(b.x - a.x), y = Double(a.y) + t * Double(b.y - a.y)
        let px = ((x + Double(half)) / Double(pixel)).rounded(.down)
        let py = ((y + Double(half)) / Double(pixel)).rounded(.down)
        let centre = GridPoint(x: Int64(px), y: Int64(py))
        hot.append(centre)
        let epsilon = 0.01
        let fx = x + Double(half) - px * Double(pixel), fy = y + Double(half) - py * Double(pixel)
        let xs: [Int64] = fx < epsilon ? [0, -1] : (Double(pixel) - fx < epsilon ? [0, 1] : [0])
        let ys: [Int64] = fy < epsilon ? [0, -1] : (Double(pixel) - fy < epsilon ? [0, 1] : [0])
        guard xs.count > 1 || ys.count > 1 else { return }
        for ox in xs {
            for oy in ys where ox != 0 || oy != 0 {
                let p = GridPoint(x: centre.x + ox, y: centre.y + oy)
                if hits(a, b, pixel: p) && hits(c, d, pixel: p) { hot.append(p) }
            }
        }
    }

    /// Bucket size in pixels: about the mean segment length, a power of two.
    func cellSize(_ s: LabelledSegments) -> Int64 {
        guard s.count > 0 else { return 1 }
        var total = 0.0
        for i in 0..<s.count {
            total += Double(abs(s.to[i].x - s.from[i].x) + abs(s.to[i].y - s.from[i].y))
        }
        let mean = total / Double(s.count) / Double(pixel)
        var size: Int64 = 1
        while Double(size) * 2 < mean && size < 1 << 20 { size *= 2 }
        return size
    }
}

/// A bound num / den (den > 0) on a segment's parameter, closed (≤) or open (<).
struct ParameterBound {
    var num: Int128
    var den: Int128
    var open: Bool

    /// -1, 0 or 1 as self is below, equal to or above `o`.
    @inline(__always)
    func compare(_ o: ParameterBound) -> Int {
        let l = num * o.den, r = o.num * den
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
    mutating func lower(to o: ParameterBound) {
        let c = compare(o)
        if c > 0 || (c == 0 && o.open) { self = o }
    }
}
