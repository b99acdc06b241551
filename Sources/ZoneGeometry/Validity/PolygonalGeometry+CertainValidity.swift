import ZoneSupport

/// The validity checks' fast path: polygons whose rings are each certainly simple and meet one
/// another at most at shared vertices, without crossing there, with every hole inside its own
/// shell, islands only in holes and each polygon's interior connected, are valid, and GEOS need
/// not build them. Nine in ten input features are one such ring, and on the benchmark corpus
/// every simplified group is such a geometry; building and checking those in GEOS was most of
/// the scan's validity time and all of the gate's after simplification.
///
/// The predicates are floating point with an error bound (``orientation(_:_:_:)``,
/// ``segmentsMeet(_:_:_:_:)``, ``segmentsFold(_:_:_:)``): where they cannot tell, or where the
/// geometry is valid in a way this does not follow (a vertex on another ring's segment, three
/// rings of one polygon at one point), the answer is "not certain", and GEOS decides. What is
/// accepted has none of the problems GEOS reports: a ring crossing or touching itself, rings
/// crossing or overlapping, too few points, a hole outside its shell, nested holes or shells,
/// a disconnected interior.
extension PolygonalGeometry {
    package var isCertainlyValid: Bool {
        guard !isEmpty else { return false }
        var rings = CertainRings(capacity: positionCount)
        for q in 0..<polygonCount {
            for r in polygonRings(q) {
                guard rings.add(self, ring: r, polygon: q) else { return false }
            }
        }
        var touches = Set<CertainRings.Touch>()
        guard rings.segmentsApart(touches: &touches) else { return false }
        guard ringCount > 1 else { return true }
        let touched = Set(touches.map { SIMD2($0.x, $0.y) })
        return rings.touchesCrossNothing(touches, at: touched) && rings.nestedAsPolygons(touched: touched)
    }
}

/// The rings of one geometry without repeated consecutive positions, each closed, one after
/// another; segment k runs from `points[k]` to `points[k + 1]` (k not a ring's last point).
private struct CertainRings {
    var points: [Point2] = []
    /// Where each ring starts in `points`, and the end.
    var start: [Int] = [0]
    /// Each ring's polygon, and whether it is that polygon's shell.
    var polygonOf: [Int] = []
    var isShell: [Bool] = []

    init(capacity: Int) { points.reserveCapacity(capacity) }

    /// Appends ring r of g, of polygon q; false when it is not certainly a simple closed ring as
    /// far as its own neighbouring segments go (unclosed, under three distinct points, folding
    /// back).
    mutating func add(_ g: PolygonalGeometry, ring r: Int, polygon q: Int) -> Bool {
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
        polygonOf.append(q)
        isShell.append(r == g.polygonRings(q).lowerBound)
        return true
    }

    /// Rings of at most this many segments in all are paired by a sweep along x, more through a
    /// grid (a sweep pairs every two segments of a north–south border: fine for a few hundred).
    static let sweptSegments = 256

    /// A vertex two rings share (the lower ring first).
    struct Touch: Hashable {
        var x: Double
        var y: Double
        var ring: Int32
        var other: Int32
    }

    /// Whether no two segments meet, except neighbours along a ring at their shared vertex, and
    /// segments of two rings that share one end and nothing else: those are `touches`.
    func segmentsApart(touches: inout Set<Touch>) -> Bool {
        // Segment k (points[k] → points[k + 1]) of its ring, with its x range; by west end when
        // they are swept. (A constant once made: a closure capturing a variable checks every
        // access to it for exclusivity at run time.)
        var list: [(west: Double, east: Double, k: Int32, ring: Int32)] = []
        list.reserveCapacity(points.count)
        for r in 0..<(start.count - 1) {
            for k in start[r]..<(start[r + 1] - 1) {
                let (a, b) = (points[k].x, points[k + 1].x)
                list.append((min(a, b), max(a, b), Int32(k), Int32(r)))
            }
        }
        let swept = list.count <= Self.sweptSegments
        if swept { list.sort { $0.west < $1.west } }
        let segments = list
        @inline(__always) func apart(_ s: Int, _ t: Int) -> Bool {
            let (k, l) = (Int(segments[s].k), Int(segments[t].k))
            let (ring, other) = (segments[s].ring, segments[t].ring)
            if ring == other {
                let r = Int(ring)
                let gap = abs(k - l)
                if gap == 1 || gap == start[r + 1] - 2 - start[r] { return true }  // neighbours: checked by add
            }
            guard segmentsMeet(points[k], points[k + 1], points[l], points[l + 1]) else { return true }
            // Rings touching: one shared end, the other ends apart and not folding onto each other.
            guard ring != other else { return false }
            let (a0, a1, b0, b1) = (points[k], points[k + 1], points[l], points[l + 1])
            let p: Point2
            let (a, b): (Point2, Point2)
            if a0 == b0 || a0 == b1 {
                (p, a, b) = (a0, a1, a0 == b0 ? b1 : b0)
            } else if a1 == b0 || a1 == b1 {
                (p, a, b) = (a1, a0, a1 == b0 ? b1 : b0)
            } else {
                return false
            }
            guard a != b, !segmentsFold(p, a, b) else { return false }
            touches.insert(Touch(x: p.x, y: p.y, ring: min(ring, other), other: max(ring, other)))
            return true
        }
        guard !swept else {
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

    /// Whether rings that touch (``segmentsApart(touches:)``) only touch: at each shared vertex,
    /// the other ring's two sides lie in one of the angles between the ring's own two sides
    /// (both certainly). And whether each polygon's interior stays connected: no two of its
    /// rings touch twice, and no touches of its rings close a loop (a polygon's rings and their
    /// touches form a forest). `touched`: the touches' points.
    func touchesCrossNothing(_ touches: Set<Touch>, at touched: Set<SIMD2<Double>>) -> Bool {
        guard !touches.isEmpty else { return true }
        // Where each ring passes each touched vertex: its neighbours there.
        var around: [Touch: (before: Point2, after: Point2)] = [:]
        for r in 0..<(start.count - 1) {
            let n = start[r + 1] - 1 - start[r]
            for i in 0..<n {
                let p = points[start[r] + i]
                guard touched.contains(SIMD2(p.x, p.y)) else { continue }
                let key = Touch(x: p.x, y: p.y, ring: Int32(r), other: -1)
                // A ring through one point twice touches itself (already declined as a meeting).
                guard around[key] == nil else { return false }
                around[key] = (points[start[r] + (i == 0 ? n - 1 : i - 1)], points[start[r] + i + 1])
            }
        }
        var joined = DisjointSets(count: start.count - 1)
        // Sorted, so the answer does not depend on the set's order.
        for t in touches.sorted(by: { ($0.ring, $0.other, $0.x, $0.y) < ($1.ring, $1.other, $1.x, $1.y) }) {
            let p = (x: t.x, y: t.y)
            guard let mine = around[Touch(x: t.x, y: t.y, ring: t.ring, other: -1)],
                let theirs = around[Touch(x: t.x, y: t.y, ring: t.other, other: -1)],
                let first = Self.side(theirs.before, of: mine, at: p),
                let second = Self.side(theirs.after, of: mine, at: p), first == second
            else { return false }
            if polygonOf[Int(t.ring)] == polygonOf[Int(t.other)] {
                guard joined.find(Int(t.ring)) != joined.find(Int(t.other)) else { return false }
                joined.union(Int(t.ring), Int(t.other))
            }
        }
        return true
    }

    /// In which of the two angles at p between p→before and p→after (a ring's sides) the
    /// direction p→q lies: true for the one swept counter-clockwise from `after` to `before`.
    /// Certain on each side of both; along one (opposite it: a fold was declined before), q is
    /// in the angle wider than a half-turn, or nil when neither angle certainly is.
    static func side(_ q: Point2, of ring: (before: Point2, after: Point2), at p: Point2) -> Bool? {
        let fromAfter = orientation(p, ring.after, q)
        let toBefore = orientation(p, q, ring.before)
        if fromAfter > 0 && toBefore > 0 { return true }
        if fromAfter < 0 && toBefore < 0 { return false }
        let turn = orientation(p, ring.after, ring.before)
        return turn == 0 ? nil : turn < 0
    }

    /// With rings that meet only where they touch (``touchesCrossNothing(_:at:)``), whether the
    /// rings nest as polygons: each hole inside its own shell and no other ring of its polygon,
    /// and any ring inside another polygon only within one of that polygon's holes (an island).
    /// One vertex of each ring decides, the first not among the `touched` points.
    func nestedAsPolygons(touched: Set<SIMD2<Double>>) -> Bool {
        let ringCount = start.count - 1
        let boxes = (0..<ringCount).map { r in
            var b = box(start[r])
            for k in start[r]..<(start[r + 1] - 1) { b = b.union(box(k)) }
            return b
        }
        let grid = GridIndex(boxes)
        // The polygons whose shell, and those one of whose holes, hold the vertex (few).
        var shells: [Int] = []
        var holes: [Int] = []
        for r in 0..<ringCount {
            guard
                let k = (start[r]..<(start[r + 1] - 1)).first(where: {
                    !touched.contains(SIMD2(points[$0].x, points[$0].y))
                })
            else { return false }
            let p = points[k]
            shells.removeAll(keepingCapacity: true)
            holes.removeAll(keepingCapacity: true)
            var certain = true
            grid.forEach(meeting: BoundingBox(west: p.x, south: p.y, east: p.x, north: p.y)) { c in
                guard certain, c != r else { return }
                guard let inside = certainlyInside(p, ring: c) else {
                    certain = false
                    return
                }
                if inside { if isShell[c] { shells.append(polygonOf[c]) } else { holes.append(polygonOf[c]) } }
            }
            guard certain else { return false }
            let own = polygonOf[r]
            // A hole in its shell; in no other hole of its polygon, nor a shell in one of its own.
            guard isShell[r] || shells.contains(own), !holes.contains(own) else { return false }
            // Within another polygon only inside one of its holes.
            for q in shells where q != own {
                guard holes.lazy.filter({ $0 == q }).count == 1 else { return false }
            }
            for q in holes where !shells.contains(q) { return false }
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
