import VectorTiles
import ZoneGeometry

/// A zone's polygons in one tile as MVT rings: integer tile coordinates, without the closing
/// point, each polygon's exterior first with a positive ``ringArea(_:)`` (y down), then its holes
/// with a negative one.
struct TileRings {
    var rings: [[TilePoint]] = []

    var isEmpty: Bool { rings.isEmpty }

    /// These rings, as they are.
    init(rings: [[TilePoint]] = []) { self.rings = rings }

    /// The positions of `g` moved by (dx, dy) and rounded to integers. Rings that collapse (fewer
    /// than 3 points, no area) are left out, a polygon with its exterior.
    init(_ g: PolygonalGeometry, dx: Double, dy: Double) {
        for p in 0..<g.polygonCount {
            for r in g.polygonRings(p) {
                let exterior = r == g.polygonRings(p).lowerBound
                var ring: [TilePoint] = []
                ring.reserveCapacity(g.ringRange(r).count)
                for i in g.ringRange(r) {
                    let (x, y) = g.position(i)
                    let rx = (x + dx).rounded()
                    let ry = (y + dy).rounded()
                    let point = TilePoint(Int32(rx), Int32(ry))
                    if ring.last != point { ring.append(point) }
                }
                if ring.count > 1 && ring.first == ring.last { ring.removeLast() }
                let area = ringArea(ring)
                guard ring.count >= 3, area != 0 else {
                    if exterior { break }
                    continue
                }
                if (area > 0) != exterior { ring.reverse() }
                rings.append(ring)
            }
        }
    }

    /// Each polygon's rings: an exterior (positive ``ringArea(_:)``), then the holes after it.
    var polygonRanges: [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        for k in rings.indices.dropFirst() where ringArea(rings[k]) > 0 {
            out.append(start..<k)
            start = k
        }
        if !rings.isEmpty { out.append(start..<rings.count) }
        return out
    }

    /// The polygons (each exterior with its holes) that have at least two vertices on the
    /// boundary of the square [low, high]²: of a zone clipped to that square, the only ones the
    /// clip can have left invalid (``TileCutter/leaf(_:x:y:into:)``).
    func polygons(onBorderOf low: Int32, _ high: Int32) -> TileRings {
        var out = TileRings()
        for polygon in polygonRanges {
            let onBorder = rings[polygon].reduce(0) { sum, ring in
                sum + ring.count { $0.x == low || $0.x == high || $0.y == low || $0.y == high }
            }
            if onBorder >= 2 { out.rings += rings[polygon] }
        }
        return out
    }

    /// The polygons cut at the boundary of the square [low, high]² (two vertices on it) whose
    /// rings meet: on the boundary, at a position two vertices share or at a vertex inside a
    /// segment along it; anywhere, at a position that two rings of a polygon with holes share.
    /// Of a zone cut to the square on the grid, the only ones the cut can have left invalid
    /// (``TileCutter/leaf(_:x:y:into:)``): it adds segments only along the boundary, splits a
    /// ring that passes a point twice into loops there, and can join two rings into one (a hole
    /// and the exterior it crosses the boundary with), so that a third ring touching both closes
    /// a loop of touches, which cuts the interior in two.
    func polygons(meetingOnBorderOf low: Int32, _ high: Int32) -> TileRings {
        var out = TileRings()
        var points: [TilePoint] = []
        // Segments along the boundary: side (x = low, x = high, y = low, y = high), their span.
        var spans: [(side: Int, from: Int32, to: Int32)] = []
        func sides(_ p: TilePoint) -> (x: Int?, y: Int?) {
            (p.x == low ? 0 : p.x == high ? 1 : nil, p.y == low ? 2 : p.y == high ? 3 : nil)
        }
        // Positions as one integer each, sorted to find one that comes twice.
        @inline(__always) func key(_ p: TilePoint) -> UInt64 {
            UInt64(UInt32(bitPattern: p.x)) << 32 | UInt64(UInt32(bitPattern: p.y))
        }
        var keys: [UInt64] = []
        for polygon in polygonRanges {
            points.removeAll(keepingCapacity: true)
            spans.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            let holed = polygon.count > 1
            for ring in rings[polygon] {
                if holed { for p in ring { keys.append(key(p)) } }
                for (i, p) in ring.enumerated() {
                    let (sx, sy) = sides(p)
                    guard sx != nil || sy != nil else { continue }
                    points.append(p)
                    let q = ring[i + 1 == ring.count ? 0 : i + 1]
                    if let sx, q.x == p.x { spans.append((sx, min(p.y, q.y), max(p.y, q.y))) }
                    if let sy, q.y == p.y { spans.append((sy, min(p.x, q.x), max(p.x, q.x))) }
                }
            }
            guard points.count >= 2 else { continue }
            // Rings are simple (the cut split those that were not), so a shared position is
            // where two meet.
            if !holed { for p in points { keys.append(key(p)) } }
            keys.sort()
            var meets = keys.indices.dropFirst().contains { keys[$0] == keys[$0 - 1] }
            if !meets && !spans.isEmpty {
                meets = points.contains { p in
                    let (sx, sy) = sides(p)
                    return spans.contains { s in
                        (s.side == sx && s.from < p.y && p.y < s.to) || (s.side == sy && s.from < p.x && p.x < s.to)
                    }
                }
            }
            if meets { out.rings += rings[polygon] }
        }
        return out
    }

    /// The rings as a ``PolygonalGeometry`` (closed rings), for the validity check.
    var geometry: PolygonalGeometry {
        var b = PolygonalGeometryBuilder()
        for polygon in polygonRanges {
            for ring in rings[polygon] {
                for p in ring + [ring[0]] { b.add(x: Double(p.x), y: Double(p.y)) }
                b.closeRing()
            }
            b.closePolygon()
        }
        return b.build(checkRings: false)
    }
}
