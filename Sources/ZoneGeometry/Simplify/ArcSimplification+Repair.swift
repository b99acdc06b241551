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
        /// (arc, first): a segment's identity among the segments of one simplification.
        var key: Int64 { Int64(arc) << 32 | Int64(first) }
    }

    /// Segments of one simplification, each with the box of the arc vertices it spans grown by
    /// half the clearance, in a grid: restoring vertices only splits a segment into segments
    /// between vertices it spans, so every later segment lies within one of these, and a later
    /// round finds the segments near a place through them.
    struct SegmentSpans {
        let segments: [Segment]
        let index: GridIndex

        init(_ segments: [Segment], in simplification: ArcSimplification, clearance: Double) {
            self.segments = segments
            let half = clearance / 2
            index = GridIndex(
                segments.map { s in
                    var box = simplification.spanBox(s)
                    (box.west, box.south, box.east, box.north) = (
                        box.west - half, box.south - half, box.east + half, box.north + half
                    )
                    return box
                },
                // A later round looks up only what changed: a coarser grid is built faster and
                // still finds few segments per lookup.
                cellsPerItem: 1)
        }
    }

    /// Runs rounds until no problem is left; returns the number of rounds that restored vertices,
    /// or nil when a problem was found that no restoration can fix (the caller falls back).
    ///
    /// After the first round only what the last round changed is searched again (`incremental`;
    /// the answer is the same). Every shortcut found in a problem was replaced by restoring a
    /// vertex of it, so a conflict left involves a segment made since (a restored vertex's two;
    /// after `after`'s restorations, a segment of an arc that changed); a shortcut that swept no
    /// kept vertex can only sweep one restored since; and a ring can only collapse anew where one
    /// of its arcs changed. Those searches look near the new segments and the restored vertices
    /// only (``SegmentSpans``, made again when the segments have doubled), so a later round costs
    /// what it changed.
    ///
    /// `after`: the simplification was repaired (a call that returned a number), then these arcs
    /// changed by restoring these vertices; the first round searches only what they changed.
    package mutating func repair(
        clearance: Double, maxRounds: Int = 10_000, incremental: Bool = true,
        after: (arcs: [Bool], vertices: [Int32])? = nil
    ) -> Int? {
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
        var keptVertex = [Bool](repeating: false, count: topology.vertexCount)
        for a in topology.arcs.indices {
            for k in kept[a].indices where kept[a][k] { keptVertex[Int(topology.arcs[a][k])] = true }
        }
        // What the last round changed (nil: search everything).
        var changedArcs: [Bool]? = incremental ? after?.arcs : nil
        var spansIndex: SegmentSpans? = nil
        var restoredVertices: [Int32] = incremental ? after?.vertices ?? [] : []
        // Within this call: the segments the last round's restorations made, (arc, first) keys
        // (nil: those of the changed arcs, all of them).
        var newSegments: Set<Int64>? = nil
        // Segments now, against those the spans were made of: past twice as many, the spans
        // (long shortcuts split many times since) are made again, so a search near a place
        // does not read every segment of a long arc.
        var segmentCount = 0
        var collapsed: [Int] = []
        for round in 0..<maxRounds {
            var spans = Set<Int64>()  // (arc, first) of shortcuts to refine, once per round
            func blame(_ s: Segment) {
                if s.isShortcut { spans.insert(s.key) }
            }
            func blame(_ a: Segment, _ b: Segment) {
                blame(a)
                blame(b)
            }
            if incremental && changedArcs == nil {
                // The first round of a full search: every shortcut is a subject, found near the
                // segments through the spans, which later rounds search again.
                let segments = currentSegments()
                let spans = SegmentSpans(segments, in: self, clearance: clearance)
                spansIndex = spans
                segmentCount = segments.count
                let shortcuts = segments.filter(\.isShortcut)
                findConflicts(of: shortcuts, spans: spans, clearance: clearance, isSubject: \.isShortcut, blame)
                findSweeps(shortcuts, vertexGrid: vertexGrid, keptVertex: keptVertex, blame)
                collapsed = topology.rings.indices.filter(isCollapsed)
            } else if let changedArcs {
                // Built at the first round that searches only what changed: every later segment
                // lies within one of the segments of now.
                if spansIndex == nil || segmentCount > 2 * spansIndex!.segments.count {
                    let segments = currentSegments()
                    spansIndex = SegmentSpans(segments, in: self, clearance: clearance)
                    segmentCount = segments.count
                }
                // The pairs and sweeps of the segments left as they were were searched when
                // they were made: only those made since are subjects (a round's restorations
                // split shortcuts, and no other segment moves).
                let subjects: [Segment]
                let isSubject: (Segment) -> Bool
                if let made = newSegments {
                    subjects = made.sorted().map(segment(key:))
                    isSubject = { made.contains($0.key) }
                } else {
                    subjects = changedArcs.indices.filter { changedArcs[$0] }.flatMap { segments(ofArc: $0) }
                    isSubject = { changedArcs[$0.arc] }
                }
                findConflicts(of: subjects, spans: spansIndex!, clearance: clearance, isSubject: isSubject, blame)
                findSweeps(
                    of: subjects, isSubject: isSubject, spans: spansIndex!, vertexGrid: vertexGrid,
                    keptVertex: keptVertex, restored: restoredVertices, blame)
                // Rings still collapsed (none of their arcs changed, so none could be restored),
                // and the rings of the arcs that changed.
                var check = Set(collapsed)
                for a in changedArcs.indices where changedArcs[a] { for r in ringsOfArc[a] { check.insert(Int(r)) } }
                collapsed = check.sorted().filter(isCollapsed)
            } else {
                let segments = currentSegments()
                findConflicts(segments, clearance: clearance, blame)
                findSweeps(segments, vertexGrid: vertexGrid, keptVertex: keptVertex, blame)
                collapsed = topology.rings.indices.filter(isCollapsed)
            }
            if spans.isEmpty && collapsed.isEmpty { return round }

            var changed = [Bool](repeating: false, count: topology.arcs.count)
            restoredVertices.removeAll()
            var restoredAt: [(arc: Int, index: Int)] = []
            func restore(_ a: Int, _ k: Int) {
                kept[a][k] = true
                changed[a] = true
                restoredVertices.append(topology.arcs[a][k])
                restoredAt.append((a, k))
                keptVertex[Int(topology.arcs[a][k])] = true
            }
            // In order, so a restoration lies before the shortcuts of its arc still to refine,
            // and each shortcut still ends at the next kept vertex after its first.
            for key in spans.sorted() {
                let s = segment(key: key)
                guard let k = mostSignificantRemoved(arc: s.arc, between: s.first, and: s.last) else { continue }
                restore(s.arc, k)
            }
            for r in collapsed {
                guard let best = mostSignificantRemoved(ring: r) else { continue }
                restore(best.arc, best.index)
            }
            if !changed.contains(true) { return nil }
            if incremental {
                changedArcs = changed
                // The two segments each restored vertex ends and starts, once all are restored.
                var made = Set<Int64>()
                for (a, k) in restoredAt {
                    var first = k - 1
                    while !kept[a][first] { first -= 1 }
                    made.insert(Segment(arc: a, first: first, last: k).key)
                    made.insert(Segment(arc: a, first: k, last: k + 1).key)
                }
                newSegments = made
                segmentCount += restoredAt.count
            }
        }
        return nil
    }

    /// The segment as simplified now whose key (``Segment/key``) is `key`: from its first vertex
    /// to the next one kept.
    func segment(key: Int64) -> Segment {
        let (a, first) = (Int(key >> 32), Int(key & 0xffff_ffff))
        var last = first + 1
        while !kept[a][last] { last += 1 }
        return Segment(arc: a, first: first, last: last)
    }

    /// All segments of the simplified arcs, each arc's once.
    func currentSegments() -> [Segment] {
        var segments: [Segment] = []
        for a in topology.arcs.indices {
            forEachSegment(arc: a, from: 0, to: kept[a].count - 1) { segments.append($0) }
        }
        return segments
    }

    /// The segments of arc `a` as simplified now.
    func segments(ofArc a: Int) -> [Segment] {
        var segments: [Segment] = []
        forEachSegment(arc: a, from: 0, to: kept[a].count - 1) { segments.append($0) }
        return segments
    }

    /// Calls `body` with each segment of arc `a` as simplified now between its kept indices
    /// `from` and `to`.
    @inline(__always)
    func forEachSegment(arc a: Int, from: Int, to: Int, _ body: (Segment) -> Void) {
        guard to > from else { return }
        kept[a].withUnsafeBufferPointer { flags in
            var first = from
            for k in (from + 1)...to where flags[k] {
                body(Segment(arc: a, first: first, last: k))
                first = k
            }
        }
    }

    /// The end vertices of a segment.
    @inline(__always)
    func ends(_ s: Segment) -> (Int32, Int32) { (topology.arcs[s.arc][s.first], topology.arcs[s.arc][s.last]) }

    /// The box of a segment's end points grown by `half` on every side.
    @inline(__always)
    func box(_ s: Segment, grownBy half: Double) -> BoundingBox {
        let (a, b) = ends(s)
        let p = topology.lonLat(a)
        let q = topology.lonLat(b)
        return BoundingBox(
            west: min(p.x, q.x) - half, south: min(p.y, q.y) - half,
            east: max(p.x, q.x) + half, north: max(p.y, q.y) + half)
    }

    /// The box of every arc vertex a segment spans, its removed ones included.
    func spanBox(_ s: Segment) -> BoundingBox {
        let path = topology.arcs[s.arc]
        var box = BoundingBox(west: .infinity, south: .infinity, east: -.infinity, north: -.infinity)
        for k in s.first...s.last {
            let p = topology.lonLat(path[k])
            box.west = min(box.west, p.x)
            box.east = max(box.east, p.x)
            box.south = min(box.south, p.y)
            box.north = max(box.north, p.y)
        }
        return box
    }

    /// True when two segments meet anywhere except at a shared end vertex, overlap, or come
    /// closer than √`limit` away from a shared vertex.
    func conflict(_ s: Segment, _ u: Segment, limit: Double) -> Bool {
        let t = topology
        let (a, b) = ends(s)
        let (c, d) = ends(u)
        let shared = (a == c ? 1 : 0) + (a == d ? 1 : 0) + (b == c ? 1 : 0) + (b == d ? 1 : 0)
        switch shared {
        case 0:
            let p1 = t.lonLat(a)
            let p2 = t.lonLat(b)
            let q1 = t.lonLat(c)
            let q2 = t.lonLat(d)
            return segmentsMeet(p1, p2, q1, q2)
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
            return segmentsFold(po, px, py)
                || pointSegmentDistance2(px, po, py) < limit || pointSegmentDistance2(py, po, px) < limit
        default:
            return true  // two segments on the same two vertices
        }
    }

    /// Calls `body` for each pair of segments that meet anywhere except at a shared end vertex,
    /// that overlap, or that come closer than `clearance` (degrees) away from a shared vertex;
    /// and for each segment of length zero (paired with itself). Pairs of input segments are
    /// left out.
    func findConflicts(_ segments: [Segment], clearance: Double, _ body: (Segment, Segment) -> Void) {
        // Boxes grown by half the clearance meet when the segments may be closer than it.
        let boxes = segments.map { box($0, grownBy: clearance / 2) }
        for s in segments {
            let (a, b) = ends(s)
            if a == b { body(s, s) }
        }
        let limit = clearance * clearance
        GridIndex(boxes).forEachPair { i, j in
            let (s, u) = (segments[i], segments[j])
            guard s.isShortcut || u.isShortcut else { return }
            if conflict(s, u, limit: limit) { body(s, u) }
        }
    }

    /// ``findConflicts(_:clearance:_:)`` for the pairs with at least one of `subjects` (the
    /// segments for which `isSubject` is true), each pair once, the others found through `spans`.
    func findConflicts(
        of subjects: [Segment], spans: SegmentSpans, clearance: Double, isSubject: (Segment) -> Bool,
        _ body: (Segment, Segment) -> Void
    ) {
        let half = clearance / 2
        let limit = clearance * clearance
        for s in subjects {
            let (a, b) = ends(s)
            if a == b { body(s, s) }
            let box = box(s, grownBy: half)
            spans.index.forEach(meeting: box) { h in
                let span = spans.segments[h]
                forEachSegment(arc: span.arc, from: span.first, to: span.last) { u in
                    // A pair of subjects from its first.
                    guard u.key != s.key, !isSubject(u) || s.key < u.key, s.isShortcut || u.isShortcut else { return }
                    let other = self.box(u, grownBy: half)
                    guard other.west <= box.east, box.west <= other.east, other.south <= box.north,
                        box.south <= other.north
                    else { return }
                    if conflict(s, u, limit: limit) { body(s, u) }
                }
            }
        }
    }

    /// True when shortcut `s` (whose spanned vertices are `path[s.first...s.last]`) moved the
    /// border across vertex `v`, which is kept elsewhere.
    @inline(__always)
    func sweeps(_ s: Segment, _ v: Int, keptVertex: [Bool]) -> Bool {
        let path = topology.arcs[s.arc]
        guard keptVertex[v], Int32(v) != path[s.first], Int32(v) != path[s.last] else { return false }
        return pointInPolygon(topology.lonLat(Int32(v)), count: s.last - s.first + 1) {
            topology.lonLat(path[s.first + $0])
        }
    }

    /// Calls `body` for each shortcut whose swept region (between it and the vertices it
    /// replaced) holds a vertex that is still kept elsewhere (`keptVertex`): the shortcut moved
    /// the border across it.
    func findSweeps(
        _ segments: [Segment], vertexGrid: GridIndex, keptVertex: [Bool], _ body: (Segment) -> Void
    ) {
        for s in segments where s.isShortcut {
            var swept = false
            vertexGrid.forEach(meeting: spanBox(s)) { v in
                if !swept && sweeps(s, v, keptVertex: keptVertex) { swept = true }
            }
            if swept { body(s) }
        }
    }

    /// ``findSweeps(_:vertexGrid:keptVertex:_:)`` for the shortcuts among `subjects`, and for the
    /// other shortcuts (not `isSubject`, found through `spans`) the `restored` vertices only (those
    /// kept since they were last searched). A shortcut may be reported more than once.
    func findSweeps(
        of subjects: [Segment], isSubject: (Segment) -> Bool, spans: SegmentSpans, vertexGrid: GridIndex,
        keptVertex: [Bool], restored: [Int32], _ body: (Segment) -> Void
    ) {
        findSweeps(subjects, vertexGrid: vertexGrid, keptVertex: keptVertex, body)
        for v in restored {
            let p = topology.lonLat(v)
            spans.index.forEach(meeting: BoundingBox(west: p.x, south: p.y, east: p.x, north: p.y)) { h in
                let span = spans.segments[h]
                guard span.isShortcut else { return }
                forEachSegment(arc: span.arc, from: span.first, to: span.last) { u in
                    guard u.isShortcut, !isSubject(u) else { return }
                    let box = spanBox(u)
                    guard box.west <= p.x, p.x <= box.east, box.south <= p.y, p.y <= box.north else { return }
                    if sweeps(u, Int(v), keptVertex: keptVertex) { body(u) }
                }
            }
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
