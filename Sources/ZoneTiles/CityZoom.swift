import Mercator
import ZoneGeometry
import ZoneSupport

/// A city's zones at one zoom: on that zoom's integer world grid (4096·2^z units across, Web
/// Mercator, y down), relative to `origin` (world units, near the city's centre, so the
/// coordinates stay small). Each zone is valid on the grid, and the zones share their borders
/// exactly (``CityOverlay`` snap rounding of ``RankedZones``' vertices). A zone that the grid
/// cannot hold (less than a pixel) is empty here; ``drawn`` gives it a square of one unit.
struct CityZoom {
    var zoom: Int
    var originX: Int64
    var originY: Int64
    /// Per zone of the city, in city order.
    var zones: [PolygonalGeometry]

    /// The zones in lon/lat projected to the world grid of `zoom`, as doubles (not on the grid yet).
    static func projected(_ zones: [PolygonalGeometry], zoom: Int, extent: Int) -> CityZoom {
        let world = Double(extent) * Double(1 << zoom)
        var projected = zones.map { g in
            var g = g
            g.mapPositions { x, y in
                (x, y) = (WebMercator.x(longitude: x) * world, WebMercator.y(latitude: y) * world)
            }
            return g
        }
        let boxes = projected.compactMap { BoundingBox($0) }
        guard let first = boxes.first else { return CityZoom(zoom: zoom, originX: 0, originY: 0, zones: projected) }
        let box = boxes.dropFirst().reduce(first) { $0.union($1) }
        let ox = ((box.west + box.east) / 2).rounded()
        let oy = ((box.south + box.north) / 2).rounded()
        for i in projected.indices { projected[i].mapPositions { x, y in (x, y) = (x - ox, y - oy) } }
        return CityZoom(zoom: zoom, originX: Int64(ox), originY: Int64(oy), zones: projected)
    }

    /// These zones one zoom lower, as doubles: every coordinate halved (exact), the origin
    /// halved and rounded down, the odd remainder kept in the coordinates.
    func halved() -> CityZoom {
        let ox = originX >> 1
        let oy = originY >> 1
        let rx = Double(originX - 2 * ox) / 2
        let ry = Double(originY - 2 * oy) / 2
        let zones = zones.map { g in
            var g = g
            g.mapPositions { x, y in (x, y) = (x / 2 + rx, y / 2 + ry) }
            return g
        }
        return CityZoom(zoom: zoom - 1, originX: ox, originY: oy, zones: zones)
    }

    /// The zones snapped together (``CityOverlay``, one unit), noded at the lines every tile cut
    /// will cut along (each tile edge ± `buffer`, ``tileLines(extent:buffer:)``): the snap
    /// rounding puts a grid vertex wherever a zone's border crosses one, so a cut adds no point
    /// off the grid (``GridStripCut``), and two neighbouring tiles hold the same segments inside
    /// their buffers. The zones may cross (``RankedZones`` does not repair its simplification);
    /// the snap nodes them, and each face goes to the zones covering it, so the result is valid
    /// on the grid and shared borders stay shared.
    ///
    /// `cores`: cores the other workers lend (``IdleCores``) to the snap rounding; the result is
    /// the same without them.
    func snapped(extent: Int, buffer: Int, cores: IdleCores = .none) throws -> CityZoom {
        var out = self
        var overlay = CityOverlay(precision: 0, priority: false, cores: cores)
        overlay.nodedAt = tileLines(extent: extent, buffer: buffer)
        out.zones = try overlay(zones.map { [$0] }).groups
        return out
    }

    /// The lines k·extent ± buffer (city grid units) of the tiles that the zones reach, in x and
    /// in y: the lines every tile's cut cuts along. A city split at ±180° gets the lines of each
    /// side, not of the whole world between.
    func tileLines(extent: Int, buffer: Int) -> GridLines {
        let e = Int64(extent)
        let b = Int64(buffer)
        let middle = Double(extent) * Double(1 << zoom) / 2
        var sides: [BoundingBox?] = [nil, nil]
        for g in zones {
            for p in 0..<g.polygonCount {
                let ring = g.ringRange(g.polygonRings(p).lowerBound)
                let box = BoundingBox(g.coordinates, range: ring)
                let side = box.west + Double(originX) < middle ? 0 : 1
                sides[side] = sides[side].map { $0.union(box) } ?? box
            }
        }
        var xs: [Int64] = []
        var ys: [Int64] = []
        func lines(_ low: Double, _ high: Double, _ origin: Int64, into out: inout [Int64]) {
            let first = (Int64(low.rounded(.down)) + origin - b) / e - 1
            let last = (Int64(high.rounded(.up)) + origin + b) / e + 1
            for k in first...last { out += [k * e - b - origin, k * e + b - origin] }
        }
        for box in sides.compactMap({ $0 }) {
            lines(box.west, box.east, originX, into: &xs)
            lines(box.south, box.north, originY, into: &ys)
        }
        return GridLines(xs: xs, ys: ys)
    }

    /// The zones as tiles draw them: an empty zone becomes the grid square [x, x+1] × [y, y+1]
    /// holding its point on surface (`anchors`, world units of this zoom), so no zone vanishes.
    func drawn(anchors: [(x: Double, y: Double)]) -> [PolygonalGeometry] {
        zip(zones, anchors).map { g, anchor in
            guard g.isEmpty else { return g }
            let x = anchor.x.rounded(.down) - Double(originX)
            let y = anchor.y.rounded(.down) - Double(originY)
            var b = PolygonalGeometryBuilder()
            for (px, py) in [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1), (x, y)] { b.add(x: px, y: py) }
            b.closeRing()
            b.closePolygon()
            return b.build()
        }
    }
}
