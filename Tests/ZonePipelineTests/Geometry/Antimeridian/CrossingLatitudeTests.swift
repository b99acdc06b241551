import Foundation
import TestSupport
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

@Suite struct CrossingLatitudeTests {
    /// The latitude at longitude `lon` of the great circle through two points (Ed Williams'
    /// Aviation Formulary, "Latitude of point on GC"), in degrees: a formula independent of the
    /// plane intersection the code uses.
    static func formularyLatitude(
        _ a: (lon: Double, lat: Double), _ b: (lon: Double, lat: Double), atLongitude lon: Double
    ) -> Double {
        let r = Double.pi / 180
        let (lat1, lon1, lat2, lon2, x) = (a.lat * r, a.lon * r, b.lat * r, b.lon * r, lon * r)
        let numerator = sin(lat1) * cos(lat2) * sin(x - lon2) - sin(lat2) * cos(lat1) * sin(x - lon1)
        return atan(numerator / (cos(lat1) * cos(lat2) * sin(lon1 - lon2))) / r
    }

    @Test func symmetricEdgeMeetsTheMeridianAtItsHighestPoint() {
        // (170, 10) to (−170, 10): the great circle peaks at 180, where tan φ = tan 10° / cos 10°.
        let expected = atan(tan(10 * Double.pi / 180) / cos(10 * Double.pi / 180)) * 180 / .pi
        let lat = CrossingLatitude(interpolation: .greatCircle)(east: LonLat(170, 10), west: LonLat(-170, 10))
        #expect(abs(lat - expected) < 1e-12)
        #expect(abs(expected - 10.1511) < 1e-4)
        #expect(CrossingLatitude(interpolation: .linear)(east: LonLat(170, 10), west: LonLat(-170, 10)) == 10)
    }

    @Test func greatCircleMatchesTheAviationFormulary() {
        var rng = SeededRandom(seed: 180)
        for _ in 0..<500 {
            let east = LonLat(Double.random(in: 100...179.9, using: &rng), Double.random(in: -80...80, using: &rng))
            let west = LonLat(Double.random(in: -179.9 ... -100, using: &rng), Double.random(in: -80...80, using: &rng))
            let lat = CrossingLatitude(interpolation: .greatCircle)(east: east, west: west)
            let reference = Self.formularyLatitude((east.lon, east.lat), (west.lon, west.lat), atLongitude: 180)
            #expect(abs(lat - reference) < 1e-9, "\(east) → \(west)")
        }
    }

    @Test func linearIsTheStraightLineInLongitudeLatitude() {
        // (179.45, −65.5) to (−179.1, −66): 0.55 of 1.45 degrees to the meridian.
        let lat = CrossingLatitude(interpolation: .linear)(east: LonLat(179.45, -65.5), west: LonLat(-179.1, -66))
        #expect(abs(lat - (-65.5 - 0.5 * 0.55 / 1.45)) < 1e-12)
        // The antimeridian package documents −65.6935642 on the great circle (great-circle.json).
        let onSphere = CrossingLatitude(interpolation: .greatCircle)(
            east: LonLat(179.45, -65.5), west: LonLat(-179.1, -66))
        #expect(abs(onSphere - (-65.6935642)) < 5e-8)
    }

    @Test func anEndOnTheMeridianGivesItsOwnLatitude() {
        for interpolation in AntimeridianConfig.Interpolation.allCases {
            let at = CrossingLatitude(interpolation: interpolation)
            #expect(at(east: LonLat(180, 12.5), west: LonLat(-170, 40)) == 12.5)
            #expect(at(east: LonLat(170, 40), west: LonLat(-180, -3.25)) == -3.25)
        }
    }
}
