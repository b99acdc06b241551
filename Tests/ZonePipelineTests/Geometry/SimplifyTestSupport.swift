import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

// Helpers for the simplification tests: shapes drawn in metres around a place, and measures of
// simplified output that do not use the code under test (own projection, own spatial index).

/// Draws in metres around (lon0, lat0): x east, y north (equirectangular, R = 6,378,137 m as
/// check_geometry.py uses; deliberately not ``LocalFrame``).
struct MetricSketch {
    var lon0: Double
    var lat0: Double
    static let metresPerDegree = 6_378_137.0 * Double.pi / 180

    /// Degrees for a point given in metres.
    func lonLat(_ x: Double, _ y: Double) -> (Double, Double) {
        (lon0 + x / (Self.metresPerDegree * cos(lat0 * .pi / 180)), lat0 + y / Self.metresPerDegree)
    }

    /// A closed ring in degrees from points in metres (the first point is repeated at the end).
    func ring(_ points: [(Double, Double)]) -> [Double] {
        (points + [points[0]]).flatMap { p -> [Double] in
            let (lon, lat) = lonLat(p.0, p.1)
            return [lon, lat]
        }
    }

    /// `g` in metres around (lon0, lat0).
    func metres(_ g: PolygonalGeometry) -> PolygonalGeometry {
        var out = g
        let kx = Self.metresPerDegree * cos(lat0 * .pi / 180)
        let ky = Self.metresPerDegree
        let (x0, y0) = (lon0, lat0)
        out.mapPositions { x, y in
            x = (x - x0) * kx
            y = (y - y0) * ky
        }
        return out
    }

    /// A sketch centred on the box of `geometries`.
    init(centreOf geometries: [PolygonalGeometry]) {
        var xs: [Double] = []
        var ys: [Double] = []
        for g in geometries {
            for i in 0..<g.positionCount {
                xs.append(g.position(i).x)
                ys.append(g.position(i).y)
            }
        }
        lon0 = ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2
        lat0 = ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2
    }

    init(lon0: Double, lat0: Double) {
        self.lon0 = lon0
        self.lat0 = lat0
    }
}

/// The segments of all rings of `g`, as (ax, ay, bx, by).
func ringSegments(_ g: PolygonalGeometry) -> [(Double, Double, Double, Double)] {
    var out: [(Double, Double, Double, Double)] = []
    for r in 0..<g.ringCount {
        let range = g.ringRange(r)
        for i in range.lowerBound..<(range.upperBound - 1) {
            let a = g.position(i)
            let b = g.position(i + 1)
            out.append((a.x, a.y, b.x, b.y))
        }
    }
    return out
}

/// The larger of: the farthest a vertex or segment midpoint of `a`'s boundary lies from `b`'s
/// boundary, and the same from `b` to `a` (a discrete Hausdorff distance, in the units of the
/// coordinates). Distances beyond `searchRadius` are reported as +∞.
func discreteHausdorff(_ a: PolygonalGeometry, _ b: PolygonalGeometry, searchRadius: Double) -> Double {
    max(
        oneSidedDistance(from: a, to: b, searchRadius: searchRadius),
        oneSidedDistance(from: b, to: a, searchRadius: searchRadius))
}

/// The farthest a vertex or segment midpoint of `a`'s rings lies from `b`'s rings (+∞ beyond
/// `searchRadius`). Candidates come from a ``GridIndex`` over pieces (≤ 10 units) of `b`'s
/// segments grown by the radius; a candidate it failed to return could only make the distance
/// found larger, never smaller.
func oneSidedDistance(from a: PolygonalGeometry, to b: PolygonalGeometry, searchRadius r: Double) -> Double {
    let segments = ringSegments(b)
    var boxes: [BoundingBox] = []
    var owner: [Int] = []
    for (k, s) in segments.enumerated() {
        let pieces = max(1, Int((hypot(s.2 - s.0, s.3 - s.1) / 10).rounded(.up)))
        for p in 0..<pieces {
            let f0 = Double(p) / Double(pieces)
            let f1 = Double(p + 1) / Double(pieces)
            let x0 = s.0 + f0 * (s.2 - s.0)
            let y0 = s.1 + f0 * (s.3 - s.1)
            let x1 = s.0 + f1 * (s.2 - s.0)
            let y1 = s.1 + f1 * (s.3 - s.1)
            boxes.append(
                BoundingBox(
                    west: min(x0, x1) - r, south: min(y0, y1) - r, east: max(x0, x1) + r, north: max(y0, y1) + r))
            owner.append(k)
        }
    }
    let grid = GridIndex(boxes)
    var worst = 0.0
    func visit(_ px: Double, _ py: Double) {
        var best = Double.infinity
        grid.forEach(meeting: BoundingBox(west: px, south: py, east: px, north: py)) { piece in
            let s = segments[owner[piece]]
            best = min(best, pointSegmentDistance(px, py, (s.0, s.1), (s.2, s.3)))
        }
        worst = max(worst, best > r ? .infinity : best)
    }
    for s in ringSegments(a) {
        visit(s.0, s.1)
        visit((s.0 + s.2) / 2, (s.1 + s.3) / 2)
    }
    return worst
}

/// GEOS area of `g`.
func geosArea(_ g: PolygonalGeometry, context: GEOSContext) throws -> Double {
    try g.makeGEOSGeometry(context: context).area()
}

/// Area of the intersection of `a` and `b` (GEOS).
func overlapArea(_ a: PolygonalGeometry, _ b: PolygonalGeometry, context: GEOSContext) throws -> Double {
    try a.makeGEOSGeometry(context: context).intersection(b.makeGEOSGeometry(context: context)).area()
}

/// The union of `parts` (GEOS unary union of all their polygons).
func geosUnion(_ parts: [PolygonalGeometry], context: GEOSContext) throws -> GEOSGeometry {
    try merged(parts).makeGEOSGeometry(context: context).unaryUnion()
}
