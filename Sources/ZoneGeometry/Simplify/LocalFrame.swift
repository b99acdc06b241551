import Foundation

/// A metric frame for one city: equirectangular around the city's centre,
/// x = R·cos φ0·(λ − λ0), y = R·(φ − φ0), in metres, with R = 6,371,008.8 m (the mean radius).
///
/// The map is affine in longitude/latitude, so a straight segment in the frame is the straight
/// segment GeoJSON draws between the same positions: a distance measured here is a distance to
/// the line that is actually written, and crossings are the same in both coordinate systems.
///
/// Error bound. North–south distances are exact on the sphere up to (d/R)² (1e-5 relative at
/// 20 km); east–west ones are off by the factor cos φ / cos φ0 at latitude φ, which is
/// 1 − tan φ0·Δφ to first order: over a city 50 km tall (Δφ = ±0.0039 rad) that is ±0.4 % at
/// 45°, ±0.7 % at 60°. ``tolerance(metres:)`` shrinks a tolerance by the largest such factor of
/// the city's extent, so a deviation accepted in the frame is within the tolerance everywhere
/// on the sphere. The sphere differs from the WGS 84 ellipsoid's local radii by at most 0.7 %.
package struct LocalFrame: Sendable {
    package static let radius = 6_371_008.8

    package let lon0: Double
    package let lat0: Double
    /// Metres per degree of longitude / latitude at the centre.
    let kx: Double
    let ky: Double
    /// The largest ratio of true to frame distance over the frame's latitude range (≥ 1).
    let worstScale: Double

    /// A frame centred on `box`, good for positions inside it.
    package init(box: BoundingBox) {
        let rad = Double.pi / 180
        lon0 = (box.west + box.east) / 2
        lat0 = (box.south + box.north) / 2
        ky = Self.radius * rad
        kx = ky * cos(lat0 * rad)
        // cos φ / cos φ0 is largest at the latitude of the range closest to the equator.
        let nearest = box.south <= 0 && 0 <= box.north ? 0 : min(abs(box.south), abs(box.north))
        worstScale = max(1, cos(nearest * rad) / max(cos(lat0 * rad), 1e-12))
    }

    /// (λ, φ) in degrees → (x, y) in metres.
    func project(_ lon: Double, _ lat: Double) -> (x: Double, y: Double) {
        ((lon - lon0) * kx, (lat - lat0) * ky)
    }

    /// (x, y) in metres → (λ, φ) in degrees.
    func unproject(_ x: Double, _ y: Double) -> (lon: Double, lat: Double) {
        (lon0 + x / kx, lat0 + y / ky)
    }

    /// A distance in metres on the sphere as a distance in the frame that never exceeds it anywhere.
    func tolerance(metres: Double) -> Double { metres / worstScale }

    /// All positions of `g` in the frame (the offsets are unchanged).
    func project(_ g: PolygonalGeometry) -> PolygonalGeometry {
        var out = g
        out.mapPositions { x, y in (x, y) = project(x, y) }
        return out
    }
}
