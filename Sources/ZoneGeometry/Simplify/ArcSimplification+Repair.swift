/// The repair of a simplification: find the places where simplified arcs cross, touch or come
/// closer than a clearance (each other or themselves), where a shortcut jumped over a vertex
/// that stays (a whole island or a loop of a ring moving to its other side), and rings that
/// collapsed or turned over; restore the most significant removed vertex there; repeat until
/// nothing is found.
///
/// The clearance (a grid cell) keeps simplification from making anything thinner than the grid
/// that snapping follows: snap rounding bends a segment through every grid cell around a vertex
/// it passes, so a shortcut passing that close to another border would be pinched onto it, and a
/// sliver would collapse.
///
/// A pair of segments that were both in the input is never blamed: the input is valid, and only
/// shortcuts (segments that replace removed vertices) can have made a problem. Each round
/// restores at least one vertex, so the loop ends, at the latest with the input itself.
extension ArcSimplification {
    /// One simplified segment: arc, and the indices of its end points in the arc.
    struct Segment {
        var arc: Int
        package var first: Int
        package var last: Int
        var isShortcut: Bool { last > first + 1 }
    }

    /// Runs rounds until no problem is left; returns the number of rounds that restored vertices,
    /// or nil when a problem was found that no restoration can fix (the caller falls back).
    ///
    /// After the first round only what the last round changed is searched again (`incremental`;
    /// the answer is the same). Every shortcut found in a problem was replaced by restoring a
    /// vertex of it, so a conflict left involves a segment of an arc that changed; a shortcut
    /// that swept no kept vertex can only sweep one restored since; and a ring can only collapse
    /// anew where one of its arcs changed.
    package mutating func repair(clearance: Double, maxRounds: Int = 10_000, incremental: Bool = true) -> Int? {
        let vertexGrid = GridIndex(
            (0..<topology.vertexCount).map { v in
                let p = topology.lonLat(Int32(v))
                return BoundingBox(west: p.x, south: p.y, east: p.x, north: p.y)
            })
        // The rings using each arc, for the rings to check again.
        var ringsOfArc = [[Int32]](repeating: [], count: topology.arcs.count)
        for r in topology.rings.indices {
            for u in topology.rings[r] where ringsOfArc[u.arc].last != Int32(r) { ringsOfArc[u.arc].append(Int32(r)) }
        }
        // What the last round changed (nil: search everything).
        var changedArcs: [Bool]? = nil
        var restoredVertices: [Int32] = []
        var collapsed: [Int] = []
        for round in 0..<maxRounds {
            let segments = currentSegments()
            var spans = Set<Int64>()  // (arc, first) of shortcuts to refine, once per round
            func blame(_ s: Segment) {
                if s.isShortcut { spans.insert(Int64(s.arc) << 32 | Int64(s.first)) }
            }
            let subjects = changedArcs.map { changed in segments.map { changed[$0.arc] } }
            findConflicts(segments, clearance: clearance, subjects: subjects) { a, b in
                guard a.isShortcut || b.isShortcut else { return }
                blame(a)
                blame(b)
            }
            findSweeps(segments, vertexGrid: vertexGrid, subjects: subjects, restored: restoredVertices) { blame($0) }
            if let changedArcs {
                // Rings still collapsed (none of their arcs changed, so none could be restored),
                // and the rings of the arcs that changed.
                var check = Set(collapsed)
                for a in changedArcs.indices where changedArcs[a] { for r in ringsOfArc[a] { check.insert(Int(r)) } }
                collapsed = check.sorted().filter(isCollapsed)
            } else {
                collapsed = topology.rings.indices.filter(isCollapsed)
            }
            if spans.isEmpty && collapsed.isEmpty { return round }

            var changed = [Bool](repeating: false, count: topology.arcs.count)
            restoredVertices.removeAll()
            func restore(_ a: Int, _ k: Int) {
                kept[a][k] = true
                changed[a] = true
                restoredVertices.append(topology.arcs[a][k])
            }
            let byKey = Dictionary(
                segments.filter(\.isShortcut).map { (Int64($0.arc) << 32 | Int64($0.first), $0) },
                uniquingKeysWith: { a, _ in a })
            for key in spans.sorted() {
                guard let s = byKey[key], let k = mostSignificantRemoved(arc: s.arc, between: s.first, and: s.last)
                else { continue }
                restore(s.arc, k)
            }
            for r in collapsed {
                guard let best = mostSignificantRemoved(ring: r) else { continue }
                restore(best.arc, best.index)
            }
            if !changed.contains(true) { return nil }
            if incremental { changedArcs = changed }
        }
        return nil
    }

    /// All segments of the simplified arcs, each arc's once.
    func currentSegments() -> [Segment] {
        var segments: [Segment] = []
        for a in topology.arcs.indices {
            var previous = 0
            for k in 1..<kept[a].count where kept[a][k] {
                segments.append(Segment(arc: a, first: previous, last: k))
                previous = k
            }
        }
        return segments
    }

    /// Calls `body` for each pair of segments that meet anywhere except at a shared end vertex,
    /// that overlap, or that come closer than `clearance` (degrees) away from a shared vertex;
    /// and for each segment of length zero (paired with itself). Pairs of input segments are
    /// left out.
    ///
    /// With `subjects` (one flag per segment), only the pairs with at least one subject.
    func findConflicts(
        _ segments: [Segment], clearance: Double, subjects: [Bool]? = nil, _ body: (Segment, Segment) -> Void
    ) {
        let t = topology
        func ends(_ s: Segment) -> (Int32, Int32) { (t.arcs[s.arc][s.first], t.arcs[s.arc][s.last]) }
        // Boxes grown by half the clearance meet when the segments may be closer than it.
        let half = clearance / 2
        let boxes = segments.map { s -> BoundingBox in
            let (a, b) = ends(s)
            let p = t.lonLat(a)
            let q = t.lonLat(b)
            return BoundingBox(
                west: min(p.x, q.x) - half, south: min(p.y, q.y) - half,
                east: max(p.x, q.x) + half, north: max(p.y, q.y) + half)
        }
        for (i, s) in segments.enumerated() where subjects?[i] ?? true {
            let (a, b) = ends(s)
            if a == b { body(s, s) }
        }
        let limit = clearance * clearance
        func test(_ i: Int, _ j: Int) {
            let s = segments[i]
            let u = segments[j]
            guard s.isShortcut || u.isShortcut else { return }
            let (a, b) = ends(s)
            let (c, d) = ends(u)
            let shared = (a == c ? 1 : 0) + (a == d ? 1 : 0) + (b == c ? 1 : 0) + (b == d ? 1 : 0)
            let conflict: Bool
            switch shared {
            case 0:
                let p1 = t.lonLat(a)
                let p2 = t.lonLat(b)
                let q1 = t.lonLat(c)
                let q2 = t.lonLat(d)
                conflict =
                    segmentsMeet(p1, p2, q1, q2)
                    || min(
                        pointSegmentDistance2(p1, q1, q2), pointSegmentDistance2(p2, q1, q2),
                        pointSegmentDistance2(q1, p1, p2), pointSegmentDistance2(q2, p1, p2)) < limit
            case 1:
                let o = a == c || a == d ? a : b
                let x = o == a ? b : a
                let y = o == c ? d : c
                let po = t.lonLat(o)
                let px = t.lonLat(x)
                let py = t.lonLat(y)
                // Near o they always are close; their far ends must keep clear of the other segment.
                conflict =
                    segmentsFold(po, px, py)
                    || pointSegmentDistance2(px, po, py) < limit || pointSegmentDistance2(py, po, px) < limit
            default:
                conflict = true  // two segments on the same two vertices
            }
            if conflict { body(s, u) }
        }
        guard let subjects else { return GridIndex(boxes).forEachPair(test) }
        // The few subjects in a grid, every segment looked up in it: each pair once (a subject
        // with the others, and with the subjects after it).
        let subject = segments.indices.filter { subjects[$0] }
        guard !subject.isEmpty else { return }
        let grid = GridIndex(subject.map { boxes[$0] })
        let extent = subject.dropFirst().reduce(boxes[subject[0]]) { $0.union(boxes[$1]) }
        for j in segments.indices {
            let b = boxes[j]
            guard b.west <= extent.east, extent.west <= b.east, b.south <= extent.north, extent.south <= b.north
            else { continue }
            grid.forEach(meeting: b) { k in
                let i = subject[k]
                if i != j && (!subjects[j] || i < j) { test(min(i, j), max(i, j)) }
            }
        }
    }

    /// Calls `body` for each shortcut whose swept region (between it and the vertices it
    /// replaced) holds a vertex that is still kept elsewhere: the shortcut moved the border across it.
    ///
    /// With `subjects` (one flag per segment), the other shortcuts are searched only for the
    /// `restored` vertices (those kept since they were last searched).
    func findSweeps(
        _ segments: [Segment], vertexGrid: GridIndex, subjects: [Bool]? = nil, restored: [Int32] = [],
        _ body: (Segment) -> Void
    ) {
        var keptVertex = [Bool](repeating: false, count: topology.vertexCount)
        for a in topology.arcs.indices {
            for k in kept[a].indices where kept[a][k] { keptVertex[Int(topology.arcs[a][k])] = true }
        }
        let restoredGrid = GridIndex(
            restored.map { v in
                let p = topology.lonLat(v)
                return BoundingBox(west: p.x, south: p.y, east: p.x, north: p.y)
            })
        for (i, s) in segments.enumerated() where s.isShortcut {
            let subject = subjects?[i] ?? true
            if !subject && restored.isEmpty { continue }
            let path = topology.arcs[s.arc]
            var box = BoundingBox(west: .infinity, south: .infinity, east: -.infinity, north: -.infinity)
            for k in s.first...s.last {
                let p = topology.lonLat(path[k])
                box.west = min(box.west, p.x)
                box.east = max(box.east, p.x)
                box.south = min(box.south, p.y)
                box.north = max(box.north, p.y)
            }
            let count = s.last - s.first + 1
            var swept = false
            func visit(_ v: Int) {
                guard !swept, keptVertex[v], Int32(v) != path[s.first], Int32(v) != path[s.last] else { return }
                if pointInPolygon(topology.lonLat(Int32(v)), count: count, { topology.lonLat(path[s.first + $0]) }) {
                    swept = true
                }
            }
            if subject {
                vertexGrid.forEach(meeting: box, visit)
            } else {
                restoredGrid.forEach(meeting: box) { visit(Int(restored[$0])) }
            }
            if swept { body(s) }
        }
    }

    /// True when ring `r` has fewer than 3 distinct vertices, no area, or turned over, while the
    /// input ring had area.
    func isCollapsed(_ r: Int) -> Bool {
        guard originalArea[r] != 0 else { return false }
        let ring = ringVertices(r)
        if ring.count < 4 { return true }
        let area = Self.twiceSignedArea(ring, topology)
        return area == 0 || (area > 0) != (originalArea[r] > 0)
    }
}
