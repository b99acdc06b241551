import Foundation

/// Area on the WGS 84 sphere of radius 6,378,137 m, in square metres (the spherical-excess
/// ring formula of Chamberlain & Duquette, "Some algorithms for polygons on a sphere", 2007,
/// as used by d3-geo's and turf's area; within about 0.5 % of the ellipsoidal area).
public func sphericalArea(_ g: PolygonalGeometry) -> Double {
    var total = 0.0
    for p in 0..<g.polygonCount {
        for r in g.polygonRings(p) {
            let a = abs(sphericalRingArea(g, ring: r))
            total += r == g.polygonRings(p).lowerBound ? a : -a
        }
    }
    return total
}

/// Signed area of one ring in m² (positive when counter-clockwise).
func sphericalRingArea(_ g: PolygonalGeometry, ring r: Int) -> Double {
    let range = g.ringRange(r)
    // Positions without the closing duplicate.
    return sphericalRingArea(count: range.count - 1) { g.position(range.lowerBound + $0) }
}

/// Signed area in m² of the open ring of `count` positions (degrees) that `position` gives.
@inline(__always)
func sphericalRingArea(count m: Int, _ position: (Int) -> (x: Double, y: Double)) -> Double {
    guard m >= 3 else { return 0 }
    let radius = 6_378_137.0
    let rad = Double.pi / 180
    var sum = 0.0
    // Positions i − 1, i and i + 1, wrapping around (each read once, no division).
    var lower = position(m - 1)
    var middle = position(0)
    for i in 0..<m {
        let upper = position(i + 1 == m ? 0 : i + 1)
        sum += (upper.x - lower.x) * rad * sin(middle.y * rad)
        (lower, middle) = (middle, upper)
    }
    return -sum * radius * radius / 2
}
