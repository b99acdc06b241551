/// The input validity check's fast path: polygons whose rings are each certainly simple and
/// certainly apart from one another, with every hole inside its own shell and nothing else
/// nested, are valid, and GEOS need not build them. Nine in ten input features are one such
/// ring; building and checking them in GEOS was most of the scan's validity time.
///
/// The predicates are floating point with an error bound (``orientation(_:_:_:)``,
/// ``segmentsMeet(_:_:_:_:)``, ``segmentsFold(_:_:_:)``): where they cannot tell, or where the
/// geometry is valid in a way this does not follow (rings touching at a point, an island in a
/// hole), the answer is "not certain", and GEOS decides. What is accepted has none of the
/// problems GEOS reports: a ring crossing or touching itself or another ring, too few points,
/// a hole outside its shell, nested holes or shells, a disconnected interior (which needs rings
/// that touch).
///
/// Not used for the simplified groups (the gate after simplification): their rings touch at
/// points in most cities (the overlay keeps such touches), so seven in ten groups went to GEOS
/// after the fast path had been paid for, and the build was no faster.
extension PolygonalGeometry {
    var isCertainlyValid: Bool {
        guard !isEmpty else { return false }
        var rings = CertainRings(capacity: positionCount)
        for r in 0..<ringCount {
            guard rings.add(self, ring: r) else { return false }
        }
        guard rings.segmentsApart() else { return false }
        return ringCount == 1 || rings.nestedAsPolygons(self)
    }
}

/// The rings of one geometry without repeated consecutive positions, each closed, one after
/// another; segment k runs from `points[k]` to `points[k + 1]` (k not a ring's last point).
private struct CertainRings {
    var points: [Point2] = []
    /// Where each ring starts in `points`, and the end.
    var start: [Int] = [0]

    init(capacity: Int) { points.reserveCapacity(capacity) }

    /// Appends ring r of g; false when it is not certainly a simple closed ring as far as its
    /// own neighbouring segments go (unclosed, under three distinct points, folding back).
    mutating func add(_ g: PolygonalGeometry, ring r: Int) -> Bool {
        let first = points.count
        for i in g.ringRange(r) {
            let p = g.position(i)
            guard p.x.isFinite, p.y.isFinite else { return false }
            if points.count > first, points[points.count - 1] == p { continue }
            points.append(p)
        }
        let n = points.count - first - 1  // segments
        guard n >= 3, points[first] == points[points.count - 1] else { return false }
        // Neighbours share one vertex; they meet elsewhere only by folding back.
        for i in 0..<n {
            let before = points[first + (i == 0 ? n - 1 : i - 1)]
            if segmentsFold(points[first + i], before, points[first + i + 1]) { return false }
        }
        start.append(points.count)
        return true
    }

    /// Rings of at most this many segments in all are paired by a sweep along x, more through a
    /// grid (a sweep pairs every two segments of a north–south border: fine for a few hundred).
    static let sweptSegments = 256

    /// Whether no two segments meet, except neighbours along a ring at their shared vertex.
    func segmentsApart() -> Bool {
        // Segment k (points[k] → points[k + 1]) of its ring, with its x range.
        var segments: [(west: Double, east: Double, k: Int32, ring: Int32)] = []
        segments.reserveCapacity(points.count)
        for r in 0..<(start.count - 1) {
            for k in start[r]..<(start[r + 1] - 1) {
                let (a, b) = (points[k].x, points[k + 1].x)
                segments.append((min(a, b), max(a, b), Int32(k), Int32(r)))
            }
        }
        @inline(__always) func apart(_ s: Int, _ t: Int) -> Bool {
            let (k, l) = (Int(segments[s].k), Int(segments[t].k))
            if segments[s].ring == segments[t].ring {
                let r = Int(segments[s].ring)
                let gap = abs(k - l)
                if gap == 1 || gap == start[r + 1] - 2 - start[r] { return true }  // neighbours: checked by add
            }
            return !segmentsMeet(points[k], points[k + 1], points[l], points[l + 1])
        }
        guard segments.count > Self.sweptSegments else {
            segments.sort { $0.west < $1.west }
            for s in segments.indices {
                var t = s + 1
                while t < segments.count && segments[t].west <= segments[s].east {
                    if !apart(s, t) { return false }
                    t += 1
                }
            }
            return true
        }
        let grid = GridIndex(segments.map { box(Int($0.k)) })
        var ok = true
        grid.forEachPair { s, t in
            if ok && !apart(s, t) { ok = false }
        }
        return ok
    }

    func box(_ k: Int) -> BoundingBox {
        let (a, b) = (points[k], points[k + 1])
        return BoundingBox(west: min(a.x, b.x), south: min(a.y, b.y), east: max(a.x, b.x), north: max(a.y, b.y))
    }

    /// With all rings apart (``segmentsApart()``), whether each hole is inside its own shell and
    /// no ring is inside another (other than a hole in its shell). One vertex of each ring
    /// decides, as the rings do not meet.
    func nestedAsPolygons(_ g: PolygonalGeometry) -> Bool {
        let ringCount = start.count - 1
        var shellOf = [Int](repeating: 0, count: ringCount)
        for p in 0..<g.polygonCount {
            for r in g.polygonRings(p) { shellOf[r] = g.polygonRings(p).lowerBound }
        }
        let boxes = (0..<ringCount).map { r in
            var b = box(start[r])
            for k in start[r]..<(start[r + 1] - 1) { b = b.union(box(k)) }
            return b
        }
        let grid = GridIndex(boxes)
        for r in 0..<ringCount {
            let p = points[start[r]]
            var insideShell = false
            var ok = true
            grid.forEach(meeting: BoundingBox(west: p.x, south: p.y, east: p.x, north: p.y)) { c in
                guard ok, c != r else { return }
                guard let inside = certainlyInside(p, ring: c) else {
                    ok = false
                    return
                }
                guard inside else { return }
                if shellOf[r] != r && c == shellOf[r] { insideShell = true } else { ok = false }
            }
            guard ok, shellOf[r] == r || insideShell else { return false }
        }
        return true
    }

    /// Whether p is inside ring c (even–odd, a ray to the right), nil when p is too close to one
    /// of its segments to tell.
    func certainlyInside(_ p: Point2, ring c: Int) -> Bool? {
        var inside = false
        for k in start[c]..<(start[c + 1] - 1) {
            let (a, b) = (points[k], points[k + 1])
            guard (a.y > p.y) != (b.y > p.y) else { continue }
            let o = orientation(a, b, p)
            if o == 0 { return nil }
            // The segment crosses p's height to the right of p when p is on its left going up.
            if (o > 0) == (b.y > a.y) { inside.toggle() }
        }
        return inside
    }
}
