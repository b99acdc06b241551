import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Rings round the whole globe: bands drawn from −180 to 180 are kept as drawn and built;
/// rings round both poles, and bands whose other rings cross ±180, are refused.
@Suite struct RoundTheGlobeTests {
    static let band = [-180.0, 40, 180, 40, 180, 50, -180, 50, -180, 40]
    /// The band between 40° and 50° drawn with its seam at 0°: east along 40°, crossing ±180,
    /// up the seam, back west along 50°, crossing again, down the seam (counter-clockwise).
    static let seamBand = [
        0.0, 40, 90, 40, 179, 40, -179, 40, -90, 40, 0, 40, 0, 50, -90, 50, -179, 50, 179, 50, 90, 50, 0, 50, 0, 40,
    ]

    @Test(arguments: [
        (name: "band", rings: [RoundTheGlobeTests.band]),
        (name: "band, clockwise", rings: [reversed(RoundTheGlobeTests.band)]),
        (name: "band with a hole", rings: [RoundTheGlobeTests.band, reversed(square(10, 44, 2))]),
        (name: "cap drawn to the pole", rings: [[-180.0, 80, 180, 80, 180, 90, -180, 90, -180, 80]]),
        (name: "triangle on the parallel", rings: [[-180.0, 40, 180, 40, 0, 60, -180, 40]]),
    ])
    func aPolygonRoundTheGlobeIsKeptAsDrawn(name: String, rings: [[Double]]) throws {
        let g = flat([rings])
        #expect(AntimeridianSplit.isNeeded(for: g))
        let out = try AntimeridianSplit(interpolation: .greatCircle)(g)
        #expect(out == g)
        #expect(try geosInvalidity(out, context: GEOSContext()) == nil)
    }

    /// The stage builds the band: one polygon of 360° × 10° (square degrees), its box the whole
    /// circle of longitude, wound counter-clockwise, whichever way it was drawn; no warning.
    @Test(arguments: [RoundTheGlobeTests.band, reversed(RoundTheGlobeTests.band)])
    func theStageBuildsTheBand(ring: [Double]) throws {
        let city = try runStage([ZoneSpec("x", "p", flat([[ring]]))])
        #expect(city.diagnostics.isEmpty, "\(city.diagnostics)")
        let g = try #require(city.group("p")).geometry
        #expect(g.polygonCount == 1)
        #expect(abs(planarArea(g) - 3600) < 1e-6)
        #expect(windingProblems(g).isEmpty)
        #expect(try #require(city.group("p")).bbox.array == [-180, 40, 180, 50])
    }

    /// Winding counts a band's edges round the globe as drawn: 360 × 10 square degrees.
    @Test func ringSignedAreaReadsABandAsDrawn() {
        #expect(ringSignedArea(flat([[Self.band]]), ring: 0) == 3600)
        #expect(ringSignedArea(flat([[reversed(Self.band)]]), ring: 0) == -3600)
    }

    @Test func aBandWhoseOtherRingsCrossIsRefused() throws {
        let crossingHole = [175.0, 44, 175, 46, -175, 46, -175, 44, 175, 44]
        #expect(throws: AntimeridianError.crossesInBand(ring: 1, position: 2)) {
            try AntimeridianSplit(interpolation: .linear)(flat([[Self.band, crossingHole]]))
        }
    }

    /// Drawn from 0 to 360, the band's steps of 360° are the jumps back of a ring drawn on past
    /// 180 (no edge): no area is left, and rather than vanish with a warning it is refused.
    @Test func aBandDrawnFrom0To360IsRefused() throws {
        let drawnFrom0To360 = [0.0, 40, 360, 40, 360, 50, 0, 50, 0, 40]
        #expect(throws: AntimeridianError.noAreaOnTheGlobe(ring: 0, position: 1)) {
            try AntimeridianSplit(interpolation: .linear)(flat([[drawnFrom0To360]]))
        }
    }

    /// Clockwise, the seam-drawn ring holds both polar caps by the right-hand rule: refused
    /// where it first crosses (position 4, the step from 179 to −179). Counter-clockwise it is
    /// the band, split at ±180 into two halves that meet along the seam.
    @Test func aRingRoundBothPolesIsRefusedAndTheBandIsSplit() throws {
        let split = AntimeridianSplit(interpolation: .linear)
        #expect(throws: AntimeridianError.enclosesBothPoles(ring: 1, position: 4)) {
            try split(flat([[square(0, 0, 1)], [reversed(Self.seamBand)]]))
        }
        let error = AntimeridianError.enclosesBothPoles(ring: 1, position: 4)
        #expect("\(error)".hasPrefix("ring goes round the globe clockwise"))
        #expect("\(error)".contains("both poles"))

        let halves = try split(flat([[Self.seamBand]]))
        #expect(halves.polygonCount == 2)
        #expect(abs(planarArea(halves) - 3600) < 1e-9)
        #expect(partsWiderThanHalfTheGlobe(halves).isEmpty)
    }

    /// A clockwise ring that crosses but does not go round the globe reads two ways too (the
    /// area it outlines, or the rest of the globe round both poles): refused where it crosses.
    @Test func aClockwiseRingThatStaysOffThePolesIsRefused() throws {
        #expect(throws: AntimeridianError.clockwiseCrossing(ring: 0, position: 2)) {
            try AntimeridianSplit(interpolation: .linear)(
                flat([[reversed([170.0, 40, -170, 40, -170, 50, 170, 50, 170, 40])]]))
        }
    }
}
