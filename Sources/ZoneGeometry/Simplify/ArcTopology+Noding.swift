import ZoneSupport

extension ArcTopology {
    /// Merges vertices closer than `epsilon` degrees (in both coordinates) into the one first
    /// met, and drops the repeats this makes in rings (vertices merged away stay in the table,
    /// unused).
    ///
    /// Overlay output can place the same node on two borders a unit in the last place apart;
    /// merged, the two borders share it. The moves are far below any output precision.
    static func mergeCloseVertices(_ rings: inout [[Int32]], _ lonLat: [Double], epsilon: Double) {
        let vertexCount = lonLat.count / 2
        guard vertexCount > 1 else { return }
        let boxes = (0..<vertexCount).map {
            BoundingBox(
                west: lonLat[2 * $0], south: lonLat[2 * $0 + 1], east: lonLat[2 * $0], north: lonLat[2 * $0 + 1])
        }
        var merged = DisjointSets(count: vertexCount)
        var any = false
        let grid = GridIndex(boxes)
        for v in 0..<vertexCount {
            let x = lonLat[2 * v]
            let y = lonLat[2 * v + 1]
            let box = BoundingBox(west: x - epsilon, south: y - epsilon, east: x + epsilon, north: y + epsilon)
            grid.forEach(meeting: box) { w in
                if w > v {
                    merged.union(v, w)
                    any = true
                }
            }
        }
        guard any else { return }
        // The representative of each class is its smallest id: the vertex met first.
        var first = [Int32](repeating: -1, count: vertexCount)
        for v in 0..<vertexCount {
            let root = merged.find(v)
            if first[root] < 0 { first[root] = Int32(v) }
        }
        for r in rings.indices {
            var out: [Int32] = []
            out.reserveCapacity(rings[r].count)
            for v in rings[r] {
                let m = first[merged.find(Int(v))]
                if out.last != m { out.append(m) }
            }
            while out.count > 1 && out.first == out.last { out.removeLast() }
            rings[r] = out
        }
    }

    /// Inserts into each ring segment the vertices of *other* rings that lie on it (closer than
    /// `epsilon` degrees to its interior), in order along the segment.
    ///
    /// Where an overlay cut one group along another's border, the lower group has a vertex on
    /// the upper group's segment (the cut point) that the upper group lacks. Without it the two
    /// rings share the border's vertices but not its first and last piece, and would be simplified
    /// apart. A vertex lying on a segment of its own ring would be a self-touch, which valid
    /// input does not have; it is left alone. Segments shorter than `minLength` degrees are
    /// known to have no such vertex (``NodingShortcut``) and are not searched.
    static func insertVerticesLyingOnSegments(
        _ rings: inout [[Int32]], _ lonLat: [Double], epsilon: Double, minLength: Double = 0
    ) {
        let vertexCount = lonLat.count / 2
        guard vertexCount > 0 else { return }
        let minLength2 = minLength * minLength
        func length2(_ a: Int32, _ b: Int32) -> Double {
            let dx = lonLat[2 * Int(b)] - lonLat[2 * Int(a)]
            let dy = lonLat[2 * Int(b) + 1] - lonLat[2 * Int(a) + 1]
            return dx * dx + dy * dy
        }
        if minLength2 > 0 {
            let searched = rings.contains { ring in
                ring.indices.contains { length2(ring[$0], ring[($0 + 1) % ring.count]) >= minLength2 }
            }
            guard searched else { return }
        }
        let points = (0..<vertexCount).map {
            BoundingBox(
                west: lonLat[2 * $0], south: lonLat[2 * $0 + 1], east: lonLat[2 * $0], north: lonLat[2 * $0 + 1])
        }
        let grid = GridIndex(points)
        var used = [Bool](repeating: false, count: vertexCount)
        for ring in rings { for v in ring { used[Int(v)] = true } }
        // The ring being scanned, per vertex, so a ring's own vertices are skipped.
        var stamp = [Int32](repeating: -1, count: vertexCount)
        for r in rings.indices {
            let ring = rings[r]
            let n = ring.count
            guard n >= 2 else { continue }
            for v in ring { stamp[Int(v)] = Int32(r) }
            var inserted: [(after: Int, t: Double, vertex: Int32)] = []
            for i in 0..<n {
                let a = Int(ring[i])
                let b = Int(ring[(i + 1) % n])
                let ax = lonLat[2 * a]
                let ay = lonLat[2 * a + 1]
                let bx = lonLat[2 * b]
                let by = lonLat[2 * b + 1]
                let dx = bx - ax
                let dy = by - ay
                let length2 = dx * dx + dy * dy
                guard length2 > 0, length2 >= minLength2 else { continue }
                let box = BoundingBox(
                    west: min(ax, bx) - epsilon, south: min(ay, by) - epsilon,
                    east: max(ax, bx) + epsilon, north: max(ay, by) + epsilon)
                grid.forEach(meeting: box) { v in
                    guard used[v], stamp[v] != Int32(r) else { return }
                    let px = lonLat[2 * v] - ax
                    let py = lonLat[2 * v + 1] - ay
                    let t = (px * dx + py * dy) / length2
                    guard t > 0, t < 1 else { return }
                    let cross = px * dy - py * dx
                    // |cross| / |ab| is the distance to the line through a and b.
                    guard cross * cross <= epsilon * epsilon * length2 else { return }
                    // A vertex that (nearly) coincides with an end point is not on the segment's
                    // interior; inserting it would also put it on the next segment.
                    let qx = lonLat[2 * v] - bx
                    let qy = lonLat[2 * v + 1] - by
                    let near = 16 * epsilon * epsilon
                    guard px * px + py * py > near, qx * qx + qy * qy > near else { return }
                    inserted.append((i, t, Int32(v)))
                }
            }
            guard !inserted.isEmpty else { continue }
            inserted.sort { ($0.after, $0.t) < ($1.after, $1.t) }
            // A vertex goes into one place of a ring at most.
            var seen = Set<Int32>()
            inserted = inserted.filter { seen.insert($0.vertex).inserted }
            var out: [Int32] = []
            out.reserveCapacity(n + inserted.count)
            var k = 0
            for i in 0..<n {
                out.append(ring[i])
                while k < inserted.count && inserted[k].after == i {
                    if out.last != inserted[k].vertex { out.append(inserted[k].vertex) }
                    k += 1
                }
            }
            rings[r] = out
        }
    }
}

/// What noding can skip when the rings are snap-rounded overlay output on a grid of `grid`
/// degrees (``CityOverlay``): every vertex is a grid point, and no vertex lies inside a segment
/// (a hot pixel's centre on a segment between two others' would lie in a pixel the original
/// segment met between them, so the segment was routed through it).
struct NodingShortcut {
    package let grid: Double
    let epsilon: Double

    /// Distinct grid points differ by a grid step in some coordinate: none closer than epsilon.
    var noVerticesMerge: Bool { epsilon < grid / 4 }

    /// A grid point off the line through two others is at least grid² / length from it (their
    /// cross product is a nonzero multiple of grid²), so only segments longer than grid² /
    /// epsilon can pass within epsilon of a vertex; half that, for the rounding of degrees.
    var shortestSegmentMet: Double { grid * grid / epsilon / 2 }
}
