import ZoneSupport

extension SnapRounder {
    /// The hot pixels, segment ends first, then crossings (bucketed by cells of `cell` pixels),
    /// and the hot pixels of each segment's ends: `ends[2i]` and `ends[2i + 1]` for segment i.
    func hotPixels<Exact: FixedWidthInteger & SignedInteger>(_ s: LabelledSegments, cell: Int64, in _: Exact.Type)
        -> (pixels: [GridPoint], ends: [Int32])
    {
        // Crossings first: their index is gone before the table of hot pixels is made.
        let crossings = crossingPixels(s, cell: cell * pixel, in: Exact.self)
        var table = IntegerTable<GridPoint>(capacity: s.count + s.count / 4)
        var ends: [Int32] = []
        ends.reserveCapacity(2 * s.count)
        // Segments come in ring order, so most share a pixel with the segment before: that
        // one's numbers are reused, without a lookup.
        var last: (from: GridPoint, fromHot: Int32, to: GridPoint, toHot: Int32)?
        @inline(__always) func hot(_ p: GridPoint) -> Int32 {
            if let last {
                if p == last.from { return last.fromHot }
                if p == last.to { return last.toHot }
            }
            return table.insert(p).value
        }
        for i in 0..<s.count {
            let (a, b) = (pixelOf(s.from[i]), pixelOf(s.to[i]))
            let (u, v) = (hot(a), hot(b))
            ends.append(u)
            ends.append(v)
            last = (a, u, b, v)
        }
        for p in crossings { table.insert(p) }
        if !lines.isEmpty { lineCrossings(s, in: Exact.self) { table.insert($0) } }
        return (table.takeKeys(), ends)
    }

    /// The pixel of every point where a segment crosses one of ``lines`` (the line strictly
    /// between its ends), exactly: on a line x = c the pixel is (c, row of the crossing), a
    /// point on a pixel edge going to the upper cell, as ``pixelOf(_:)`` has it.
    func lineCrossings<Exact: FixedWidthInteger & SignedInteger>(
        _ s: LabelledSegments, in _: Exact.Type, _ add: (GridPoint) -> Void
    ) {
        // floor(t / d) for d > 0.
        @inline(__always) func floorQuotient(_ t: Exact, _ d: Exact) -> Int64 {
            let (q, r) = t.quotientAndRemainder(dividingBy: d)
            return Int64(truncatingIfNeeded: r < 0 ? q - 1 : q)
        }
        // Lines c with lo < c·pixel < hi, in `at`, sorted.
        @inline(__always) func across(_ at: [Int64], _ lo: Int64, _ hi: Int64, _ body: (Int64) -> Void) {
            var l = at.partitioningIndex { $0 * pixel > lo }
            while l < at.count && at[l] * pixel < hi {
                body(at[l])
                l += 1
            }
        }
        for i in 0..<s.count {
            let (a, b) = (s.from[i], s.to[i])
            if a.x != b.x && !lines.xs.isEmpty {
                let (p, q) = a.x < b.x ? (a, b) : (b, a)
                let (dx, dy) = (Exact(truncatingIfNeeded: q.x - p.x), Exact(truncatingIfNeeded: q.y - p.y))
                across(lines.xs, p.x, q.x) { c in
                    let t = Exact(truncatingIfNeeded: c * pixel - p.x) &* dy
                    add(GridPoint(x: c, y: floorDiv(p.y + floorQuotient(t, dx) + half, pixel)))
                }
            }
            if a.y != b.y && !lines.ys.isEmpty {
                let (p, q) = a.y < b.y ? (a, b) : (b, a)
                let (dx, dy) = (Exact(truncatingIfNeeded: q.x - p.x), Exact(truncatingIfNeeded: q.y - p.y))
                across(lines.ys, p.y, q.y) { c in
                    let t = Exact(truncatingIfNeeded: c * pixel - p.y) &* dx
                    add(GridPoint(x: floorDiv(p.x + floorQuotient(t, dy) + half, pixel), y: c))
                }
            }
        }
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
    /// Most candidates are decided by ``separatingAxes(_:_:pixel:)``; the rest are clipped.
    @inline(__always)
    func hits(_ a: GridPoint, _ b: GridPoint, pixel p: GridPoint) -> Bool { hits(a, b, pixel: p, in: Int128.self) }

    /// ``hits(_:_:pixel:)``, the separating axes computed in `Exact` (``callAsFunction(_:exactIn128:)``).
    @inline(__always)
    func hits<Exact: FixedWidthInteger & SignedInteger>(
        _ a: GridPoint, _ b: GridPoint, pixel p: GridPoint, in _: Exact.Type
    )
        -> Bool
    {
        separatingAxes(a, b, pixel: p, in: Exact.self) ?? clipMeetsCell(a, b, pixel: p)
    }

    /// The separating-axis theorem on the cell's square, whose axes are x, y and the segment's
    /// normal (along which the square spans ½·(|dx| + |dy|) of cross(b − a, · − a) around its
    /// centre). Apart on one axis: the closed square, so the cell, is missed (false).
    /// Overlapping with room on all three: the open square, inside the cell, is met (true).
    /// Touching on some axis: undecided (nil), for the exact clipping.
    @inline(__always)
    func separatingAxes(_ a: GridPoint, _ b: GridPoint, pixel p: GridPoint) -> Bool? {
        separatingAxes(a, b, pixel: p, in: Int128.self)
    }

    @inline(__always)
    func separatingAxes<Exact: FixedWidthInteger & SignedInteger>(
        _ a: GridPoint, _ b: GridPoint, pixel p: GridPoint, in _: Exact.Type
    ) -> Bool? {
        let x0 = p.x * pixel - half
        let x1 = p.x * pixel + half
        let y0 = p.y * pixel - half
        let y1 = p.y * pixel + half
        let minX = min(a.x, b.x)
        let maxX = max(a.x, b.x)
        let minY = min(a.y, b.y)
        let maxY = max(a.y, b.y)
        if maxX < x0 || minX > x1 || maxY < y0 || minY > y1 { return false }
        let dx = b.x - a.x
        let dy = b.y - a.y
        let c =
            (Exact(truncatingIfNeeded: dx) &* Exact(truncatingIfNeeded: y0 + half - a.y)
            &- Exact(truncatingIfNeeded: dy) &* Exact(truncatingIfNeeded: x0 + half - a.x)).magnitude
        let r =
            Exact.Magnitude(truncatingIfNeeded: half)
            &* (Exact.Magnitude(truncatingIfNeeded: dx.magnitude) &+ Exact.Magnitude(truncatingIfNeeded: dy.magnitude))
        if c > r { return false }
        if c < r && maxX > x0 && minX < x1 && maxY > y0 && minY < y1 { return true }
        return nil
    }

    /// ``hits(_:_:pixel:)`` by clipping in the segment's parameter t ∈ [0, 1] (Liang–Barsky),
    /// with each bound an exact fraction that is closed (≤) or open (<): the cell is met when
    /// the largest lower bound is below the smallest upper bound, or equal to it with both closed.
    func clipMeetsCell(_ a: GridPoint, _ b: GridPoint, pixel p: GridPoint) -> Bool {
        let x0 = p.x * pixel - half
        let x1 = p.x * pixel + half
        let y0 = p.y * pixel - half
        let y1 = p.y * pixel + half
        var lower = ParameterBound(num: 0, den: 1, open: false)
        var upper = ParameterBound(num: 1, den: 1, open: false)
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
    func crossingPixels<Exact: FixedWidthInteger & SignedInteger>(
        _ s: LabelledSegments, cell: Int64, in _: Exact.Type
    ) -> [GridPoint] {
        var wholeBox = [Bool](repeating: true, count: s.count)
        let buckets = CellBuckets(lookups: false) { add in
            for i in 0..<s.count {
                forEachCell(along: s.from[i], s.to[i], cell: cell, margin: 0) { cx, cy, whole in
                    add(GridPoint(x: cx, y: cy), Int32(i))
                    if !whole { wholeBox[i] = false }
                }
            }
        }
        // Boxes are computed per cell as it is searched: kept per bucket entry, they were the
        // largest array of a huge ring's build (32 bytes for each of its ~3 cells per segment).
        let whole = wholeBox
        // Cells in chunks (``IdleCores``), their crossings joined in cell order.
        return cores.joinedMap(count: buckets.cellCount, chunk: Self.crossingChunk) { cells in
            var out: [GridPoint] = []
            // The cell's segments and boxes, gathered once: the pairs then read them in order
            // (loaded through the bucket for each pair, they were most of the search's time).
            var here: [(segment: Int32, whole: Bool, minX: Int64, maxX: Int64, minY: Int64, maxY: Int64)] = []
            buckets.forEachCell(in: cells) { bucket, range in
                guard range.count > 1 else { return }
                here.removeAll(keepingCapacity: true)
                for u in range {
                    let i = Int(buckets.items[u])
                    let (a, b) = (s.from[i], s.to[i])
                    here.append((Int32(i), whole[i], min(a.x, b.x), max(a.x, b.x), min(a.y, b.y), max(a.y, b.y)))
                }
                // The cell's extent: a pair of segments bucketed by their whole boxes is tested
                // in the cell holding the lower-left corner of the boxes' overlap, once.
                let (x0, y0) = (bucket.x * cell, bucket.y * cell)
                for u in here.indices {
                    let p = here[u]
                    for v in (u + 1)..<here.count {
                        let q = here[v]
                        guard p.minX <= q.maxX, q.minX <= p.maxX, p.minY <= q.maxY, q.minY <= p.maxY else { continue }
                        if p.whole && q.whole {
                            let (x, y) = (max(p.minX, q.minX), max(p.minY, q.minY))
                            guard x >= x0 && x - x0 < cell && y >= y0 && y - y0 < cell else { continue }
                        }
                        let (i, j) = (Int(p.segment), Int(q.segment))
                        addCrossing(s.from[i], s.to[i], s.from[j], s.to[j], into: &out, in: Exact.self)
                    }
                }
            }
            return out
        }
    }

    /// When a–b and c–d cross at a point inside both, the pixel holding that point.
    ///
    /// The crossing parameter is exact (integer cross products) up to one rounding to Double, so
    /// the computed point is within a hundredth of a fine unit of the true one; when that is
    /// closer to a pixel edge, the pixels across the edge are made hot as well (if both segments
    /// pass them), so the true crossing's pixel is always among them.
    func addCrossing<Exact: FixedWidthInteger & SignedInteger>(
        _ a: GridPoint, _ b: GridPoint, _ c: GridPoint, _ d: GridPoint, into hot: inout [GridPoint], in _: Exact.Type
    ) {
        // Segments that share an end do not cross properly (one orientation is zero).
        guard a != c, a != d, b != c, b != d else { return }
        @inline(__always) func side(_ p: GridPoint, _ q: GridPoint, _ r: GridPoint) -> Exact {
            (Exact(truncatingIfNeeded: q.x - p.x) &* Exact(truncatingIfNeeded: r.y - p.y)
                &- Exact(truncatingIfNeeded: q.y - p.y) &* Exact(truncatingIfNeeded: r.x - p.x)).signum()
        }
        guard side(a, b, c) * side(a, b, d) < 0, side(c, d, a) * side(c, d, b) < 0 else { return }
        let den = toDouble(
            Exact(truncatingIfNeeded: b.x - a.x) &* Exact(truncatingIfNeeded: d.y - c.y)
                &- Exact(truncatingIfNeeded: b.y - a.y) &* Exact(truncatingIfNeeded: d.x - c.x))
        let num = toDouble(
            Exact(truncatingIfNeeded: c.x - a.x) &* Exact(truncatingIfNeeded: d.y - c.y)
                &- Exact(truncatingIfNeeded: c.y - a.y) &* Exact(truncatingIfNeeded: d.x - c.x))
        let t = num / den
        let x = Double(a.x) + t * Double(b.x - a.x)
        let y = Double(a.y) + t * Double(b.y - a.y)
        let px = ((x + Double(half)) / Double(pixel)).rounded(.down)
        let py = ((y + Double(half)) / Double(pixel)).rounded(.down)
        let centre = GridPoint(x: Int64(px), y: Int64(py))
        hot.append(centre)
        let epsilon = 0.01
        let fx = x + Double(half) - px * Double(pixel)
        let fy = y + Double(half) - py * Double(pixel)
        // The neighbour across a near edge, per axis (0: none).
        let sx: Int64 = fx < epsilon ? -1 : (Double(pixel) - fx < epsilon ? 1 : 0)
        let sy: Int64 = fy < epsilon ? -1 : (Double(pixel) - fy < epsilon ? 1 : 0)
        func widen(_ ox: Int64, _ oy: Int64) {
            let p = GridPoint(x: centre.x + ox, y: centre.y + oy)
            if hits(a, b, pixel: p, in: Exact.self) && hits(c, d, pixel: p, in: Exact.self) { hot.append(p) }
        }
        if sy != 0 { widen(0, sy) }
        if sx != 0 {
            widen(sx, 0)
            if sy != 0 { widen(sx, sy) }
        }
    }

    /// Bucket size in pixels for routing segments through the hot pixels: `cell` halved while
    /// the pixels' box still has at most two cells per pixel. A segment is tested against the
    /// hot pixels of the cells near it, and in dense clusters (many overlapping zones) finer
    /// cells cut that far more than they add cells to visit; the box bound keeps the cells a
    /// direct-indexed table (``CellBuckets``).
    func routeSize(_ pixels: [GridPoint], cell: Int64) -> Int64 {
        guard let first = pixels.first else { return cell }
        var x0 = first.x
        var x1 = first.x
        var y0 = first.y
        var y1 = first.y
        for p in pixels {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        func cells(_ size: Int64) -> Double { Double((x1 - x0) / size + 2) * Double((y1 - y0) / size + 2) }
        var size = cell
        while size > 1 && cells(size / 2) <= 2 * Double(pixels.count) { size /= 2 }
        return size
    }

    /// Whether the segments' box is narrower and lower than `limit` fine units.
    static func spanBelow(_ limit: Int64, _ s: LabelledSegments) -> Bool {
        guard let first = s.from.first else { return true }
        var (x0, x1, y0, y1) = (first.x, first.x, first.y, first.y)
        for points in [s.from, s.to] {
            for p in points {
                (x0, x1) = (min(x0, p.x), max(x1, p.x))
                (y0, y1) = (min(y0, p.y), max(y1, p.y))
            }
        }
        return x1 - x0 < limit && y1 - y0 < limit
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
