/// The validity check's fast path: a polygon of one ring that is certainly simple is valid, and
/// GEOS need not build it (nine in ten input features are such polygons, and building and
/// checking them in GEOS was most of the scan's validity time).
///
/// Certainly simple: closed, at least three distinct vertices, no two segments that are not
/// neighbours along the ring meet (not even touch), and no two neighbours fold back over each
/// other. The predicates are floating point with an error bound (``segmentsMeet(_:_:_:_:)``,
/// ``segmentsFold(_:_:_:)``): where they cannot tell, the answer is "not certain", and GEOS
/// decides. A ring that is certainly simple has no problem GEOS reports (self-intersection,
/// ring self-intersection, too few points), and a polygon without holes or other parts has
/// nothing else to check.
extension PolygonalGeometry {
    var isOneCertainlySimpleRing: Bool {
        guard polygonCount == 1, ringCount == 1 else { return false }
        // The ring without repeated consecutive positions (which GEOS accepts).
        var ring: [Point2] = []
        let range = ringRange(0)
        ring.reserveCapacity(range.count)
        for i in range {
            let p = position(i)
            guard p.x.isFinite, p.y.isFinite else { return false }
            if let last = ring.last, last == p { continue }
            ring.append(p)
        }
        guard ring.count >= 4, ring[0] == ring[ring.count - 1] else { return false }
        return Self.isCertainlySimple(closedRing: ring)
    }

    /// Whether a closed ring without repeated consecutive positions (first == last) is certainly
    /// simple. Pairs of segments are those whose x ranges overlap, found by sorting the segments
    /// by their least x and sweeping.
    static func isCertainlySimple(closedRing ring: [Point2]) -> Bool {
        let n = ring.count - 1  // segments: i runs from ring[i] to ring[i + 1]
        guard n >= 3 else { return false }
        // Neighbours: they share one vertex, and only fold over each other.
        for i in 0..<n {
            let before = ring[i == 0 ? n - 1 : i - 1]
            if segmentsFold(ring[i], before, ring[i + 1]) { return false }
        }
        func west(_ i: Int) -> Double { min(ring[i].x, ring[i + 1].x) }
        func east(_ i: Int) -> Double { max(ring[i].x, ring[i + 1].x) }
        let order = (0..<n).sorted { west($0) < west($1) }
        for (k, i) in order.enumerated() {
            let reach = east(i)
            for j in order[(k + 1)...] {
                guard west(j) <= reach else { break }
                let apart = abs(i - j)
                // Neighbours (including the last and the first) were checked above.
                if apart == 1 || apart == n - 1 { continue }
                if segmentsMeet(ring[i], ring[i + 1], ring[j], ring[j + 1]) { return false }
            }
        }
        return true
    }
}
