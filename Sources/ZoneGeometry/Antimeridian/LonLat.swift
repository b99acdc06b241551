/// One position in longitude/latitude, degrees: the unit the antimeridian step works in.
package struct LonLat: Hashable, Sendable {
    package var lon: Double
    package var lat: Double

    init(_ lon: Double, _ lat: Double) {
        self.lon = lon
        self.lat = lat
    }
}

extension PolygonalGeometry {
    /// The positions of ring r, the closing one included.
    package func lonLats(ofRing r: Int) -> [LonLat] {
        ringRange(r).map { LonLat(coordinates[2 * $0], coordinates[2 * $0 + 1]) }
    }

}

extension PolygonalGeometryBuilder {
    /// Adds a polygon made of `rings` (exterior first; each closed here if it is not).
    mutating func appendPolygon(_ rings: [[LonLat]]) {
        for ring in rings {
            for p in ring { add(x: p.lon, y: p.lat) }
            if let first = ring.first, ring.last != first { add(x: first.lon, y: first.lat) }
            closeRing()
        }
        closePolygon()
    }
}

/// Longitude step from a to b taken the short way round: in [-180, 180] (a step of exactly
/// ±360, from one side of the antimeridian to the same point seen from the other, counts as 0).
func unwrappedStep(_ a: Double, _ b: Double) -> Double {
    let d = b - a
    if d > 180 { return d - 360 }
    if d < -180 { return d + 360 }
    return d
}
