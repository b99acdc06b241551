import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// The repair after simplification, on constructed cases where simplifying each arc on its own
/// makes rings cross, swallow another ring, or collapse.
@Suite struct SimplifyRepairTests {
    static let sketch = MetricSketch(lon0: 10, lat0: 50)
    static let grid = 1e-6

    /// Group A: a 100 m × 50 m block whose top border dips 2 m at x = 50 (a shallow notch).
    static let notched = flat([[sketch.ring([(0, 0), (100, 0), (100, 50), (60, 50), (50, 48), (40, 50), (0, 50)])]])

    /// What group 0's arcs keep when simplified on their own (no repair), as geometries; the
    /// other groups stay as they are.
    func naive(_ groups: [PolygonalGeometry], tolerance: Double) throws -> [PolygonalGeometry] {
        let boxes = groups.compactMap { BoundingBox($0) }
        let first = try #require(boxes.first)
        let box = boxes.dropFirst().reduce(first) { $0.union($1) }
        let frame = LocalFrame(box: box)
        let topology = ArcTopology(groups: groups, frame: frame)
        var arcs = ArcSimplification(topology, method: .douglasPeucker, tolerance: frame.tolerance(metres: tolerance))
        let mine = Set(topology.groups[0].flatMap { $0 }.flatMap { topology.rings[$0].map(\.arc) })
        for a in topology.arcs.indices where !mine.contains(a) { arcs.unsimplify(arc: a) }
        return arcs.geometries()
    }

    func simplify(_ groups: [PolygonalGeometry], tolerance: Double, method: SimplifyConfig.Method = .douglasPeucker)
        throws -> SharedArcSimplify.Output
    {
        let settings = SimplifyConfig(toleranceM: tolerance, method: method)
        return try SharedArcSimplify(context: try GEOSContext(), settings: settings, clearance: Self.grid)(groups)
    }

    func interiorsIntersect(_ a: PolygonalGeometry, _ b: PolygonalGeometry, context: GEOSContext) throws -> Bool {
        try a.makeGEOSGeometry(context: context).interiorsIntersect(b.makeGEOSGeometry(context: context))
    }

    func contains(_ g: PolygonalGeometry, _ x: Double, _ y: Double) -> Bool {
        let (lon, lat) = Self.sketch.lonLat(x, y)
        return (0..<g.positionCount).contains { g.position($0) == (lon, lat) }
    }

    @Test func aStraightenedBorderThatWouldCrossAnotherRingKeepsItsNotch() throws {
        // Group B: a triangle in the notch that pokes above y = 50; it touches nothing.
        let b = flat([[Self.sketch.ring([(47, 48.9), (53, 48.9), (50, 51)])]])
        let context = try GEOSContext()
        #expect(try !interiorsIntersect(Self.notched, b, context: context))
        // Simplified alone at 3 m, A's top becomes straight and cuts through B.
        let naive = try naive([Self.notched, b], tolerance: 3)
        #expect(!contains(naive[0], 50, 48), "the notch is within tolerance, so plain Douglas–Peucker drops it")
        #expect(
            try interiorsIntersect(naive[0], naive[1], context: context),
            "the naive result must cross for this test to mean anything")

        let out = try simplify([Self.notched, b], tolerance: 3)
        #expect(out.notes.isEmpty, "\(out.notes)")
        #expect(contains(out.groups[0], 50, 48), "the repair restored the notch")
        #expect(try !interiorsIntersect(out.groups[0], out.groups[1], context: context))
        for g in out.groups { #expect(try geosInvalidity(g, context: context) == nil) }
        // Only what was needed came back: the collinear vertices of the top border stay removed.
        #expect(!contains(out.groups[0], 60, 50) && !contains(out.groups[0], 40, 50))
    }

    @Test func aStraightenedBorderThatWouldSwallowAnIslandKeepsItsNotch() throws {
        // Group B: a small triangle wholly inside the notch, below y = 50: no segment would
        // cross it, but the straight border would put it inside A.
        let b = flat([[Self.sketch.ring([(48.5, 48.9), (51.5, 48.9), (50, 49.6)])]])
        let context = try GEOSContext()
        #expect(try !interiorsIntersect(Self.notched, b, context: context))
        let naive = try naive([Self.notched, b], tolerance: 3)
        #expect(try interiorsIntersect(naive[0], naive[1], context: context), "naively, A swallows B")

        let out = try simplify([Self.notched, b], tolerance: 3)
        #expect(contains(out.groups[0], 50, 48))
        #expect(try !interiorsIntersect(out.groups[0], out.groups[1], context: context))
        #expect(out.notes.isEmpty, "found by the repair, not by the GEOS safety net: \(out.notes)")
    }

    @Test func aRingSmallerThanTheToleranceKeepsThreeVerticesAndItsArea() throws {
        // A 1 m octagon, simplified at 5 m: Douglas–Peucker alone leaves two points.
        let octagon: [(Double, Double)] = (0..<8).map { k in
            let angle = Double(k) * Double.pi / 4
            return (0.5 * cos(angle), 0.5 * sin(angle))
        }
        let small = flat([[Self.sketch.ring(octagon)]])
        let naive = try naive([small], tolerance: 5)
        #expect(naive[0].positionCount <= 3, "naively the ring collapses")

        for method in SimplifyConfig.Method.allCases {
            let out = try simplify([small], tolerance: 5, method: method)
            let g = out.groups[0]
            #expect(g.polygonCount == 1 && g.ringCount == 1)
            #expect(g.positionCount >= 4, "\(method)")
            #expect(planarArea(g) > 0)
            #expect(try geosInvalidity(g, context: try GEOSContext()) == nil)
            // Counter-clockwise in, counter-clockwise out.
            #expect(twiceSignedArea(g, g.ringRange(0)) > 0)
        }
    }

    @Test func aCollapsedRingIsSeenAndRestored() throws {
        // A triangle whose apex is 0.5 m off its base, simplified at 1 m: two points are left.
        let triangle = flat([[Self.sketch.ring([(0, 0), (10, 0), (5, 0.5)])]])
        let box = try #require(BoundingBox(triangle))
        let frame = LocalFrame(box: box)
        var arcs = ArcSimplification(
            ArcTopology(groups: [triangle], frame: frame), method: .douglasPeucker, tolerance: 1)
        #expect(arcs.ringVertices(0).count == 3)
        #expect(arcs.isCollapsed(0))
        let restored = arcs.restoreMostSignificant(ring: 0)
        #expect(restored)
        #expect(!arcs.isCollapsed(0) && arcs.ringVertices(0).count == 4)
        let again = arcs.restoreMostSignificant(ring: 0)
        #expect(!again, "nothing is left to restore")
        // A ring walked the other way (clockwise) is not "collapsed" either way.
        var clockwise = ArcSimplification(
            ArcTopology(groups: [flat([[reversed(triangle.coordinates)]])], frame: frame),
            method: .douglasPeucker, tolerance: 0)
        for a in clockwise.kept.indices { clockwise.unsimplify(arc: a) }
        #expect(!clockwise.isCollapsed(0))
        let rounds = clockwise.repair(clearance: Self.grid)
        #expect(rounds == 0)
    }

    @Test func aSharedWigglyBorderIsSimplifiedOnceForBothSides() throws {
        // Two blocks sharing a border that zig-zags 0.3 m around x = 50.
        let wiggle: [(Double, Double)] = (0...20).map { k in
            let x: Double = k % 2 == 0 ? 50.3 : 49.7
            return (x, Double(k) * 2.5)
        }
        let left = flat([[Self.sketch.ring([(0, 0)] + wiggle + [(0, 50)])]])
        let right = flat([[Self.sketch.ring([(100, 0), (100, 50)] + wiggle.reversed())]])
        let context = try GEOSContext()
        let out = try simplify([left, right], tolerance: 1)
        #expect(out.groups[0].positionCount < left.positionCount && out.groups[1].positionCount < right.positionCount)
        // No overlap, no gap: the two areas add up to their union, which is the input's union.
        let a = out.groups.map { planarArea($0) }
        let union = try geosUnion(out.groups, context: context).area()
        #expect(try overlapArea(out.groups[0], out.groups[1], context: context) == 0)
        #expect(abs(a[0] + a[1] - union) <= 1e-15)
        #expect(abs(union - (try geosUnion([left, right], context: context).area())) <= 1e-15)
        // The border moved at most the tolerance; the reported deviation says so too.
        let inputs = [left, right]
        let m = out.groups.map { Self.sketch.metres($0) }
        let original = inputs.map { Self.sketch.metres($0) }
        for g in 0..<2 {
            let d = discreteHausdorff(m[g], original[g], searchRadius: 5)
            #expect(d <= 1.0 && d > 0.2)
            #expect(abs(out.stats[g].hausdorffM - d) < 0.05, "reported \(out.stats[g].hausdorffM), measured \(d)")
            #expect(out.stats[g].verticesAfter == out.groups[g].positionCount)
            #expect(out.stats[g].verticesBefore == inputs[g].positionCount)
        }
    }

    @Test func aSimplifiedBorderKeepsAGridCellClearOfAnotherBorder() throws {
        // A's top border dips 0.6 m at x = 50; B's bottom vertex sits 0.05 m above the straight
        // line A would take at 1 m tolerance: outside A before and after, but closer than a grid
        // cell (about 0.11 m), where snapping would pinch the two together.
        let a = flat([[Self.sketch.ring([(0, 0), (100, 0), (100, 50), (60, 50), (50, 49.4), (40, 50), (0, 50)])]])
        let b = flat([[Self.sketch.ring([(45, 53), (50, 50.05), (55, 53), (50, 58)])]])
        let context = try GEOSContext()
        let naive = try naive([a, b], tolerance: 1)
        #expect(!contains(naive[0], 50, 49.4))
        #expect(try !interiorsIntersect(naive[0], naive[1], context: context), "naively nothing crosses or overlaps")
        let out = try simplify([a, b], tolerance: 1)
        #expect(contains(out.groups[0], 50, 49.4), "only the clearance keeps the dip")
        #expect(out.notes.isEmpty)
        #expect(contains(out.groups[1], 50, 50.05), "B keeps its sharp bottom vertex (2.95 m off its chord)")
    }
}
