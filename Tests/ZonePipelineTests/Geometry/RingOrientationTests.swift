import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

@Suite struct RingOrientationTests {
    @Test(arguments: [
        (name: "counter-clockwise square", ring: square(0, 0, 2), area: 4.0),
        (name: "clockwise square", ring: reversed(square(0, 0, 2)), area: -4.0),
        (name: "unclosed counter-clockwise triangle", ring: [0, 0, 4, 0, 0, 3], area: 6.0),
        (name: "closed clockwise triangle", ring: [0, 0, 0, 3, 4, 0, 0, 0], area: -6.0),
        (name: "two positions", ring: [0, 0, 1, 1], area: 0.0),
        (name: "collinear", ring: [0, 0, 1, 1, 2, 2, 0, 0], area: 0.0),
    ])
    func signedArea(name: String, ring: [Double], area: Double) {
        #expect(ringSignedArea(flat([[ring]]), ring: 0) == area)
    }

    @Test func measuresEachRingOfAPolygonSeparately() {
        let geometry = flat([[square(0, 0, 10), reversed(square(2, 2, 3))], [square(20, 0, 1)]])
        #expect(ringSignedArea(geometry, ring: 0) == 100)
        #expect(ringSignedArea(geometry, ring: 1) == -9)
        #expect(ringSignedArea(geometry, ring: 2) == 1)
    }

    @Test func ringDrawnAcrossTheAntimeridianIsMeasuredOnTheGlobe() {
        // 170°E → 170°W → back: a 20° × 10° box across 180, not a 340° band round the world.
        let ring = [170.0, 40, -170, 40, -170, 50, 170, 50, 170, 40]
        #expect(ringSignedArea(flat([[ring]]), ring: 0) == 200)
        #expect(ringSignedArea(flat([[reversed(ring)]]), ring: 0) == -200)
        // The same drawn on past 180, and with the edge along the meridian written 180 → −180.
        #expect(ringSignedArea(flat([[[170, 40, 190, 40, 190, 50, 170, 50, 170, 40]]]), ring: 0) == 200)
        #expect(ringSignedArea(flat([[[170, 40, 180, 40, -180, 50, 170, 50, 170, 40]]]), ring: 0) == 100)
    }

    @Test func tinyRingFarFromOriginKeepsItsSign() {
        // 1e-7° square near the antimeridian: naive shoelace products are ~1e4, the area 1e-14.
        let ring = square(179.9999998, 89.1234567, 1e-7)
        let area = ringSignedArea(flat([[ring]]), ring: 0)
        #expect(abs(area - 1e-14) < 1e-20)
        #expect(ringSignedArea(flat([[reversed(ring)]]), ring: 0) < 0)
    }
}
