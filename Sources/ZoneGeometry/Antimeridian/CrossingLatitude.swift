import Foundation

/// Where an edge that crosses the antimeridian meets it: the latitude at ±180°.
package struct CrossingLatitude {
    package let interpolation: AntimeridianConfig.Interpolation

    /// The latitude at which the edge from `east` (longitude near +180) to `west` (near −180),
    /// or back, crosses the meridian; an end point already on ±180 gives its own latitude.
    package func callAsFunction(east: LonLat, west: LonLat) -> Double {
        if abs(east.lon) == 180 { return east.lat }
        if abs(west.lon) == 180 { return west.lat }
        switch interpolation {
        case .greatCircle: return Self.greatCircle(east, west) ?? Self.linear(east, west)
        case .linear: return Self.linear(east, west)
        }
    }

    /// Linear in longitude/latitude, with `west` unwrapped to west.lon + 360.
    package static func linear(_ east: LonLat, _ west: LonLat) -> Double {
        let t = (180 - east.lon) / (west.lon + 360 - east.lon)
        return east.lat + t * (west.lat - east.lat)
    }

    /// On the great circle through both points: its plane (normal a × b) meets the meridian
    /// plane y = 0 along a line; of the line's two points on the sphere, the one at 180° (x < 0).
    /// Nil when the points do not define a plane (equal or antipodal).
    package static func greatCircle(_ east: LonLat, _ west: LonLat) -> Double? {
        let a = unitVector(east)
        let b = unitVector(west)
        let n = (x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x)
        // n × (0, −1, 0) = (n.z, 0, −n.x): the direction of the planes' intersection.
        var d = (x: n.z, z: -n.x)
        guard d.x != 0 || d.z != 0 else { return nil }
        if d.x > 0 { d = (-d.x, -d.z) }
        return atan2(d.z, -d.x) * 180 / .pi
    }

    private static func unitVector(_ p: LonLat) -> (x: Double, y: Double, z: Double) {
        let lon = p.lon * .pi / 180
        let lat = p.lat * .pi / 180
        return (cos(lon) * cos(lat), sin(lon) * cos(lat), sin(lat))
    }
}
