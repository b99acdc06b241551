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

    /// The polygons (each exterior with its holes) that have at least two vertices on the
    /// boundary of the square [low, high]²: of a zone clipped to that square, the only ones the
    /// clip can have left invalid (``TileCutter/leaf(_:x:y:into:)``).
    func polygons(onBorderOf low: Int32, _ high: Int32) -> TileRings {
        var out = TileRings(rings: [])
        var start = 0
        var onBorder = 0
        func close(_ end: Int) {
            if onBorder >= 2 { out.rings.append(contentsOf: self.rings[start..<end]) }
            (start, onBorder) = (end, 0)
        }
        for (k, ring) in rings.enumerated() {
            if k > 0 && ringArea(ring) > 0 { close(k) }
            for p in ring where p.x == low || p.x == high || p.y == low || p.y == high { onBorder += 1 }
        }
        close(rings.count)
        return out
    }

    /// The rings as a ``PolygonalGeometry`` (closed rings), for the validity check.
    var geometry: PolygonalGeometry {
        var b = PolygonalGeometryBuilder()
        for (k, ring) in rings.enumerated() {
            if k > 0 && ringArea(ring) > 0 { b.closePolygon() }
            for p in ring + [ring[0]] { b.add(x: Double(p.x), y: Double(p.y)) }
            b.closeRing()
        }
        if !rings.isEmpty { b.closePolygon() }
        return b.build(checkRings: false)
    }
}
