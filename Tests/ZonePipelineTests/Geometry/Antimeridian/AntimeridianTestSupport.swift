import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

// Checks of antimeridian output computed here, independently of the code under test.

/// Longitude ranges [west, east] of each polygon's exterior (a split part lies on one side).
func partLongitudeRanges(_ g: PolygonalGeometry) -> [(west: Double, east: Double)] {
    (0..<g.polygonCount).compactMap { p in
        guard let exterior = g.polygonRings(p).first else { return nil }
        let xs = g.ringRange(exterior).map { g.position($0).x }
        guard let w = xs.min(), let e = xs.max() else { return nil }
        return (w, e)
    }
}

/// Polygons whose exterior spans more than 180° of longitude.
func partsWiderThanHalfTheGlobe(_ g: PolygonalGeometry) -> [Int] {
    partLongitudeRanges(g).enumerated().filter { $0.element.east - $0.element.west > 180 }.map(\.offset)
}

/// The RFC 7946 §5.2 box of `g` by brute force: every part's west edge is tried as the box's
/// west, the box then reaching east round the circle far enough to hold every part; the
/// shortest wins, the box that does not run through 180° on ties. [w, s, e, n].
func bruteForceRFC7946Box(_ g: PolygonalGeometry) -> [Double] {
    let parts = partLongitudeRanges(g)
    let ys = (0..<g.positionCount).map { g.position($0).y }
    func east(of k: Int) -> (length: Double, east: Double) {
        var best = (length: 0.0, east: parts[k].east)
        for p in parts {
            var offset = (p.west - parts[k].west).truncatingRemainder(dividingBy: 360)
            if offset < 0 { offset += 360 }
            let end = offset + (p.east - p.west)
            if end > best.length { best = (end, p.east) }
        }
        return best
    }
    // Not through 180°: from the smallest west to the largest east.
    var best = (
        length: (parts.map(\.east).max() ?? 0) - (parts.map(\.west).min() ?? 0),
        west: parts.map(\.west).min() ?? 0, east: parts.map(\.east).max() ?? 0
    )
    for k in parts.indices {
        let candidate = east(of: k)
        if candidate.length < best.length - 1e-12 { best = (candidate.length, parts[k].west, candidate.east) }
    }
    return [best.west, ys.min() ?? .nan, best.east, ys.max() ?? .nan]
}

/// Area where `a` and `b` differ (GEOS, planar degrees²): |a ∪ b| − |a ∩ b|.
func symmetricDifferenceArea(_ a: PolygonalGeometry, _ b: PolygonalGeometry, context: GEOSContext) throws -> Double {
    let x = try a.makeGEOSGeometry(context: context)
    let y = try b.makeGEOSGeometry(context: context)
    return try x.union(y).area() - x.intersection(y).area()
}
