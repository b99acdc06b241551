import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Simplification inside the geometry stage: `simplify` settings, the per-group report, small
/// parts dropped with a warning.
@Suite struct SimplifyStageTests {
    static let sketch = MetricSketch(lon0: 13.4, lat0: 52.5)

    /// A 200 m × 100 m block whose top border wiggles ±0.4 m every 5 m.
    static let wiggly: PolygonalGeometry = {
        let top: [(Double, Double)] = stride(from: 200.0, through: 0, by: -5).map { x in
            let y: Double = Int(x / 5) % 2 == 0 ? 100.4 : 99.6
            return (x, y)
        }
        return flat([[sketch.ring([(0, 0), (200, 0)] + top)]])
    }()

    static func config(tolerance: Double, method: SimplifyConfig.Method = .douglasPeucker, minArea: Double = 0)
        -> PipelineConfig
    {
        PipelineConfig(
            overlaps: .priority(["no-parking", "parking"]),
            simplify: SimplifyConfig(toleranceM: tolerance, method: method, minAreaM2: minArea))
    }

    /// A 200 m × 100 m block whose top border wiggles ±0.1 m every metre.
    static let finelyWiggly: PolygonalGeometry = {
        let top: [(Double, Double)] = stride(from: 200.0, through: 0, by: -1).map { x in
            let y: Double = Int(x) % 2 == 0 ? 100.1 : 99.9
            return (x, y)
        }
        return flat([[sketch.ring([(0, 0), (200, 0)] + top)]])
    }()

    @Test func aWiggleWithinTheToleranceIsRemovedAndReported() throws {
        let city = try runStage([ZoneSpec("berlin", "parking", Self.wiggly)], config: Self.config(tolerance: 1))
        #expect(city.diagnostics.isEmpty, "\(city.diagnostics)")
        let group = try #require(city.group("parking"))
        // The 41-vertex top border becomes one segment: a rectangle is left.
        #expect(group.geometry.positionCount == 5, "\(group.geometry.positionCount) positions")
        #expect(group.verticesBeforeSimplify == Self.wiggly.positionCount)
        #expect(group.verticesAfterSimplify == group.geometry.positionCount)
        // The border moved 0.4 m: reported, and measured here.
        #expect(group.hausdorffM > 0.35 && group.hausdorffM <= 1, "\(group.hausdorffM)")
        let measured = discreteHausdorff(
            Self.sketch.metres(group.geometry), Self.sketch.metres(Self.wiggly), searchRadius: 5)
        #expect(abs(measured - group.hausdorffM) < 0.05, "measured \(measured), reported \(group.hausdorffM)")
        #expect(city.timings["simplify"] != nil)
    }

    @Test func visvalingamRemovesSmallTrianglesAndKeepsLargeOnes() throws {
        // ±0.1 m every metre: triangles of 0.2 m², under 1 m² (tolerance²), go.
        let fine = try runStage(
            [ZoneSpec("berlin", "parking", Self.finelyWiggly)], config: Self.config(tolerance: 1, method: .visvalingam))
        let group = try #require(fine.group("parking"))
        #expect(group.geometry.positionCount < Self.finelyWiggly.positionCount / 4, "\(group.geometry.positionCount)")
        let measured = discreteHausdorff(
            Self.sketch.metres(group.geometry), Self.sketch.metres(Self.finelyWiggly), searchRadius: 5)
        #expect(measured <= 1 && group.hausdorffM <= 1 && abs(measured - group.hausdorffM) < 0.05)
        // ±0.4 m every 5 m: triangles of 4 m² stay, where Douglas–Peucker (by distance) removes them.
        let coarse = try runStage(
            [ZoneSpec("berlin", "parking", Self.wiggly)], config: Self.config(tolerance: 1, method: .visvalingam))
        #expect(try #require(coarse.group("parking")).geometry.positionCount == Self.wiggly.positionCount)
    }

    @Test func aToleranceBelowTheWiggleKeepsIt() throws {
        let city = try runStage([ZoneSpec("berlin", "parking", Self.wiggly)], config: Self.config(tolerance: 0.3))
        let group = try #require(city.group("parking"))
        #expect(group.geometry.positionCount == Self.wiggly.positionCount)
        #expect(group.hausdorffM == 0)
    }

    @Test func toleranceZeroSkipsSimplification() throws {
        let off = try runStage([ZoneSpec("berlin", "parking", Self.wiggly)], config: Self.config(tolerance: 0))
        let group = try #require(off.group("parking"))
        #expect(group.geometry.positionCount == Self.wiggly.positionCount)
        #expect(group.verticesAfterSimplify == group.verticesBeforeSimplify && group.hausdorffM == 0)
        // The step is still timed (as nothing).
        #expect((off.timings["simplify"] ?? 1) < 0.01)
    }

    @Test func neighboursKeepTheirSharedBorderWhenSimplified() throws {
        // no-parking covers the wiggly block's left half and more: the carve leaves parking a
        // border that follows no-parking's edge, which both must keep in common.
        let noParking = flat([
            [Self.sketch.ring([(-50, -50), (100.3, -50), (99.7, 20), (100.4, 60), (99.8, 150), (-50, 150)])]
        ])
        let city = try runStage(
            [ZoneSpec("berlin", "parking", Self.wiggly), ZoneSpec("berlin", "no-parking", noParking)],
            config: Self.config(tolerance: 1))
        #expect(city.errors.isEmpty)
        let a = try #require(city.group("parking")).geometry
        let b = try #require(city.group("no-parking")).geometry
        let context = try GEOSContext()
        #expect(try overlapArea(a, b, context: context) == 0)
        // The shared border is straightened once: no gap opens between the two.
        let unsimplified = try runStage(
            [ZoneSpec("berlin", "parking", Self.wiggly), ZoneSpec("berlin", "no-parking", noParking)],
            config: Self.config(tolerance: 0))
        let before = try geosUnion(unsimplified.groups.map(\.geometry), context: context)
        let after = try geosUnion([a, b], context: context)
        let metres2 = MetricSketch.metresPerDegree * MetricSketch.metresPerDegree * cos(52.5 * Double.pi / 180)
        let inner = try before.buffer(-2e-5)  // about 1.4 m in, away from the outer edge
        #expect(try inner.difference(after).area() * metres2 < 1e-3, "a gap opened between the neighbours")
        #expect(a.positionCount + b.positionCount < unsimplified.groups.reduce(0) { $0 + $1.geometry.positionCount })
    }

    @Test(arguments: [0.0, 1.0])
    func smallPartsAreDroppedWithAWarningButNotHolesHoldingAnotherZone(tolerance: Double) throws {
        let s = Self.sketch
        let parking = flat([
            // A square with a 9 m² hole.
            [s.ring([(0, 0), (100, 0), (100, 100), (0, 100)]), s.ring([(10, 10), (10, 13), (13, 13), (13, 10)])],
            [s.ring([(200, 0), (205, 0), (205, 5), (200, 5)])],  // 25 m²
            [s.ring([(300, 0), (320, 0), (320, 20), (300, 20)])],  // 400 m²
            [s.ring([(410, 10), (413, 10), (413, 13), (410, 13)])],  // 9 m², fills no-parking's hole
        ])
        let noParking = flat([
            [
                s.ring([(400, 0), (500, 0), (500, 100), (400, 100)]),
                s.ring([(410, 10), (410, 13), (413, 13), (413, 10)]),
            ]
        ])
        let city = try runStage(
            [ZoneSpec("berlin", "parking", parking), ZoneSpec("berlin", "no-parking", noParking)],
            config: Self.config(tolerance: tolerance, minArea: 50))
        #expect(city.errors.isEmpty)
        let p = try #require(city.group("parking")).geometry
        let n = try #require(city.group("no-parking")).geometry
        #expect(p.polygonCount == 2 && p.ringCount == 2, "the big square (without its hole) and the 400 m² one")
        #expect(n.polygonCount == 1 && n.ringCount == 2, "no-parking's hole held a parking zone: kept")
        let warnings = city.warnings.map(\.message)
        #expect(
            warnings.contains { $0.contains("[berlin, parking]: 2 polygon(s) and 1 hole(s) smaller than min_area_m2") },
            "\(warnings)")
        #expect(!warnings.contains { $0.contains("[berlin, no-parking]") }, "\(warnings)")
        #expect(try geosInvalidity(p, context: try GEOSContext()) == nil)
    }
}
