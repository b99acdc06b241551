import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Douglas–Peucker and Visvalingam–Whyatt significance on polylines with known answers, and the
/// local metric frame.
@Suite struct SimplifyAlgorithmTests {
    /// Vertices kept at `cutoff`.
    func kept(_ thresholds: [Double], _ cutoff: Double) -> [Int] {
        thresholds.indices.filter { thresholds[$0] > cutoff }
    }

    @Test func douglasPeuckerThresholdsAreSplitDistances() {
        // Root chord (0,0)–(8,0): (6,3) at 3. Left chord (0,0)–(6,3): (4,0) at 12/√45; (2,1) lies
        // on it. Chord (0,0)–(4,0): (2,1) at 1.
        let t = douglasPeuckerThresholds([0, 0, 2, 1, 4, 0, 6, 3, 8, 0])
        #expect(t[0] == .infinity && t[4] == .infinity)
        #expect(abs(t[3] - 3) < 1e-12)
        #expect(abs(t[2] - 12 / 45.0.squareRoot()) < 1e-12)
        #expect(abs(t[1] - 1) < 1e-12)
        #expect(kept(t, 1.5) == [0, 2, 3, 4])
        #expect(kept(t, 2) == [0, 3, 4])
        #expect(kept(t, 0.5) == [0, 1, 2, 3, 4])
        #expect(kept(t, 3) == [0, 4])
    }

    @Test func douglasPeuckerThresholdsNeverExceedTheirParents() {
        // (4,-2) splits first at 2; (3,1) is 10/√20 ≈ 2.24 from the chord (0,0)–(4,-2) but only
        // exists once (4,-2) was kept, so its threshold is capped at 2: at tolerance 2.1
        // Douglas–Peucker stops at the root and keeps neither.
        let t = douglasPeuckerThresholds([0, 0, 3, 1, 4, -2, 10, 0])
        #expect(abs(t[2] - 2) < 1e-12)
        #expect(abs(t[1] - 2) < 1e-12)
        #expect(kept(t, 2.1) == [0, 3])
        #expect(kept(t, 1.9) == [0, 1, 2, 3])
    }

    @Test func douglasPeuckerSplitsAClosedRingAtItsFarthestVertexFirst() {
        let t = douglasPeuckerThresholds([0, 0, 10, 0, 10, 10, 0, 10, 0, 0])
        #expect(abs(t[2] - 200.0.squareRoot()) < 1e-12)
        #expect(abs(t[1] - 50.0.squareRoot()) < 1e-12)
        #expect(abs(t[3] - 50.0.squareRoot()) < 1e-12)
        #expect(kept(t, 8) == [0, 2, 4])
    }

    @Test func visvalingamThresholdsAreEffectiveAreasInEliminationOrder() {
        // Areas: (1,1) 1, (2,0) 1.5, (3,2) 2. After (1,1) goes, (2,0) spans (0,0),(2,0),(3,2): 2,
        // and goes before (3,2) (tie, lower index); then (3,2) spans (0,0),(3,2),(4,0): 4.
        let t = visvalingamThresholds([0, 0, 1, 1, 2, 0, 3, 2, 4, 0], maxDeviation: 100)
        #expect(t == [.infinity, 1, 2, 4, .infinity])
        #expect(kept(t, 1.5) == [0, 2, 3, 4])
    }

    @Test func visvalingamThresholdsDoNotDecrease() {
        // (3,0.05) goes first at 0.05; then (1,0.1) at 0.1 (before (2,0), whose area is now 0.1
        // too, on the index); then (2,0) lies on the line (0,0)–(4,0), area 0, raised to 0.1.
        let t = visvalingamThresholds([0, 0, 1, 0.1, 2, 0, 3, 0.05, 4, 0], maxDeviation: 100)
        let expected = [Double.infinity, 0.1, 0.1, 0.05, .infinity]
        #expect(zip(t, expected).allSatisfy { $0 == $1 || abs($0 - $1) < 1e-12 }, "\(t)")
    }

    @Test func visvalingamPinsAThinSpikeThatAreaAloneWouldRemove() {
        // The spike's triangle is 0.4 × 5 / 2 = 1 m², under 1.5² = 2.25, but removing it would
        // move the border 5 m: more than the 1.5 m allowed.
        let line: [Double] = [0, 0, 5, 0, 10, 0, 10.2, 5, 10.4, 0, 15, 0, 20, 0]
        let t = visvalingamThresholds(line, maxDeviation: 1.5)
        #expect(t[3] == .infinity)
        // Douglas–Peucker keeps it too.
        #expect(douglasPeuckerThresholds(line)[3] > 1.5)
        // The flat vertices away from it go.
        #expect(t[1] <= 2.25 && t[5] <= 2.25)
    }

    @Test func localFrameMeasuresMetresAndRoundTrips() {
        let frame = LocalFrame(box: BoundingBox(west: 10, south: 59.9, east: 10.2, north: 60.1))
        let metresPerDegree = 6_371_008.8 * Double.pi / 180
        let north = frame.project(10.1, 60.001)
        let centre = frame.project(10.1, 60)
        #expect(abs((north.y - centre.y) - 0.001 * metresPerDegree) < 1e-6)
        let east = frame.project(10.101, 60)
        #expect(abs((east.x - centre.x) - 0.001 * metresPerDegree * cos(60 * Double.pi / 180)) < 1e-6)
        let back = frame.unproject(east.x, east.y)
        #expect(abs(back.lon - 10.101) < 1e-12 && abs(back.lat - 60) < 1e-12)
        // At 59.9°, east–west metres are cos 59.9° / cos 60° longer than the frame says.
        #expect(abs(frame.worstScale - cos(59.9 * Double.pi / 180) / cos(60 * Double.pi / 180)) < 1e-12)
        #expect(frame.tolerance(metres: 1) < 1 && frame.tolerance(metres: 1) > 0.99)
    }

    @Test func geosHausdorffWrappersMatchTheKnownExample() throws {
        // The example of GEOS's and JTS's documentation (shapely gives the same numbers).
        let context = try GEOSContext()
        let a = try GEOSGeometry.lineString([0, 0, 100, 0, 10, 100, 10, 100], context: context)
        let b = try GEOSGeometry.lineString([0, 100, 0, 10, 80, 10], context: context)
        #expect(abs(try a.hausdorffDistance(to: b) - 22.360679774997898) < 1e-12)
        #expect(abs(try a.hausdorffDistance(to: b, densifyFraction: 0.001) - 47.89) < 1e-9)
        #expect(abs(try a.hausdorffDistance(to: b, densifyFraction: 0.5) - 40) < 1e-9)
        #expect(throws: GEOSError.self) { try a.hausdorffDistance(to: b, densifyFraction: 2) }
        #expect(throws: GEOSError.self) { try GEOSGeometry.lineString([1, 2], context: context) }
    }
}
