import Foundation

/// Area on the WGS 84 ellipsoid, in square metres.
///
/// Method: each vertex goes to the authalic sphere (latitude φ → authalic latitude β, radius
/// R_q = 6,371,007.18 m), an equal-area map of the ellipsoid, so a region keeps its area
/// exactly; the ring's area there is the sum over its edges of the signed area between the
/// edge (a great circle) and the equator, tan(E/2) = tan(Δλ/2)·(tan(β1/2) + tan(β2/2)) /
/// (1 + tan(β1/2)·tan(β2/2)) (the sphere formula GeographicLib's PolygonArea uses). The only
/// approximation is the edge path: a great circle on the authalic sphere instead of a
/// geodesic on the ellipsoid, which for city-scale edges changes the area by less than 1e-5
/// relative to Karney's geodesic polygon area (pyproj's `Geod`), as the tests check on all
/// 42 real cities. Holes count negatively; ring orientation does not matter.
public func ellipsoidalArea(_ g: PolygonalGeometry) -> Double {
    var total = 0.0
    for p in 0..<g.polygonCount {
        let rings = g.polygonRings(p)
        for r in rings {
            let a = abs(AuthalicSphere.wgs84.ringArea(g, ring: r))
            total += r == rings.lowerBound ? a : -a
        }
    }
    return total
}

/// The sphere with the ellipsoid's surface area, and the latitude map onto it.
struct AuthalicSphere: Sendable {
    /// First eccentricity and its square.
    package let e: Double, e2: Double
    /// q at the pole, and the radius squared: R_q² = a²·q_p / 2.
    let qp: Double, radiusSquared: Double

    static let wgs84 = AuthalicSphere(a: 6_378_137, f: 1 / 298.257223563)

    /// The authalic sphere of the ellipsoid with semi-major axis `a` and flattening `f`.
    init(a: Double, f: Double) {
        e2 = f * (2 - f)
        e = e2.squareRoot()
        qp = (1 - e2) * (1 / (1 - e2) + atanh(e) / e)
        radiusSquared = a * a * qp / 2
    }

    /// tan(β/2) for the authalic latitude β of geodetic latitude `latitude` (degrees), from
    /// q(φ) = (1 − e²)·(sin φ / (1 − e² sin² φ) + atanh(e sin φ) / e) and sin β = q / q_p.
    func tanHalfAuthalic(_ latitude: Double) -> Double {
        let s = sin(latitude * .pi / 180)
        let q = (1 - e2) * (s / (1 - e2 * s * s) + atanh(e * s) / e)
        let beta = asin(max(-1, min(1, q / qp)))
        return tan(beta / 2)
    }

    /// Signed area of ring `r` of `g` in m² (positive when counter-clockwise).
    func ringArea(_ g: PolygonalGeometry, ring r: Int) -> Double {
        let range = g.ringRange(r)
        guard range.count >= 4 else { return 0 }
        let rad = Double.pi / 180
        var excess = 0.0
        var (lon1, t1) = (g.coordinates[2 * range.lowerBound], tanHalfAuthalic(g.coordinates[2 * range.lowerBound + 1]))
        for i in range.dropFirst() {
            let lon2 = g.coordinates[2 * i]
            let t2 = tanHalfAuthalic(g.coordinates[2 * i + 1])
            var dLon = (lon2 - lon1) * rad
            // Edges are short: take the way round that is less than half the globe.
            if dLon > .pi { dLon -= 2 * .pi } else if dLon < -.pi { dLon += 2 * .pi }
            excess += 2 * atan2(tan(dLon / 2) * (t1 + t2), 1 + t1 * t2)
            (lon1, t1) = (lon2, t2)
        }
        return excess * radiusSquared
    }
}
