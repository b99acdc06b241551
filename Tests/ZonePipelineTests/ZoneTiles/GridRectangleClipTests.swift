import Foundation
import Testing
import ZoneGeometry

@testable import ZoneTiles

/// The tile cutter's exact clip of grid geometry noded at the rectangle's sides, held to GEOS's
/// overlay (`GEOSIntersection_r`): the same area, valid output.
@Suite struct GridRectangleClipTests {
    /// Rings of (x, y) pairs, each closed here; one polygon.
    func polygon(_ rings: [[(Double, Double)]]) -> PolygonalGeometry {
        var b = PolygonalGeometryBuilder()
        for ring in rings {
            for (x, y) in ring + [ring[0]] { b.add(x: x, y: y) }
            b.closeRing()
        }
        b.closePolygon()
        return b.build()
    }

    func area(_ g: PolygonalGeometry) -> Double {
        var sum = 0.0
        for p in 0..<g.polygonCount {
            for r in g.polygonRings(p) {
                let range = g.ringRange(r)
                var twice = 0.0
                for i in range.dropLast() {
                    let (x0, y0) = g.position(i)
                    let (x1, y1) = g.position(i + 1)
                    twice += x0 * y1 - x1 * y0
                }
                sum += r == g.polygonRings(p).lowerBound ? abs(twice) / 2 : -abs(twice) / 2
            }
        }
        return sum
    }

    /// The clip, checked against GEOS: same area, valid, or both empty.
    @discardableResult
    func expectLikeGEOS(
        _ g: PolygonalGeometry, _ r: (Int64, Int64, Int64, Int64), context: GEOSContext,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> PolygonalGeometry {
        let clip = GridRectangleClip(xmin: r.0, ymin: r.1, xmax: r.2, ymax: r.3)
        let exact = try #require(clip(g), "not noded at the sides", sourceLocation: sourceLocation)
        let geos = try g.clipped(
            xmin: Double(r.0), ymin: Double(r.1), xmax: Double(r.2), ymax: Double(r.3), context: context)
        #expect(
            abs(area(exact) - area(geos)) < 1e-6, "area \(area(exact)) vs GEOS \(area(geos))",
            sourceLocation: sourceLocation)
        if !exact.isEmpty {
            #expect(try exact.geosValidityProblem(context: context) == nil, sourceLocation: sourceLocation)
        }
        return exact
    }

    /// A polygon inside the open rectangle is copied, not clipped: the copy is what the clip
    /// makes of it (winding made counter-clockwise outside and clockwise in holes, rings
    /// without area left out, the polygon too when its exterior has none).
    @Test func aPolygonInsideIsCopiedAsTheClipWouldGiveIt() throws {
        let clip = GridRectangleClip(xmin: 0, ymin: 0, xmax: 100, ymax: 100)
        let clockwise = [(10.0, 10.0), (10, 50), (50, 50), (50, 10)]
        let counterHole = [(20.0, 20.0), (30, 20), (30, 30), (20, 30)]
        let flat = [(40.0, 40.0), (45, 40), (42, 40)]
        for rings in [
            [clockwise, counterHole, flat], [clockwise.reversed(), counterHole.reversed()], [flat, counterHole],
        ] {
            let g = polygon(rings)
            #expect(clip.place(g, ring: 0) == .inside)
            var copied = PolygonalGeometryBuilder()
            clip.appendInside(g, polygon: 0, to: &copied)
            let ringsOf = { (g: PolygonalGeometry) in
                (0..<g.ringCount).map { r in g.ringRange(r).map { i -> [Double] in [g.position(i).x, g.position(i).y] }
                }
            }
            let clipped = try #require(
                clip.clip(
                    ringsOf(g).map { $0.dropLast().map { GridRectangleClip.Point(x: Int64($0[0]), y: Int64($0[1])) } }))
            let expected = clipped.flatMap {
                $0.map { ring in (ring + [ring[0]]).map { [Double($0.x), Double($0.y)] } }
            }
            #expect(ringsOf(copied.build(checkRings: false)) == expected)
        }
        // On the closed rectangle's side, not inside the open one: clipped.
        #expect(clip.place(polygon([[(0, 10), (10, 10), (10, 20)]]), ring: 0) == .across)
    }

    /// A polygon whose exterior's box misses the open rectangle (beside it, on its side, at a
    /// corner, or around a corner with its hole) is left out, as the clip leaves it out; one
    /// whose box meets the rectangle is clipped.
    @Test func aPolygonOutsideIsLeftOutAsTheClipWouldLeaveIt() throws {
        let clip = GridRectangleClip(xmin: 0, ymin: 0, xmax: 100, ymax: 100)
        let outside: [[[(Double, Double)]]] = [
            [[(200, 10), (250, 10), (250, 50), (200, 50)]],
            [[(100, 10), (150, 10), (150, 50), (100, 50)]],
            [[(-50, -50), (0, -50), (0, 0), (-50, 0)]],
            [[(-50, 100), (0, 100), (0, 150), (-50, 150)], [(-40, 110), (-40, 120), (-30, 120), (-30, 110)]],
        ]
        for rings in outside {
            let g = polygon(rings)
            #expect(clip.place(g, ring: 0) == .outside)
            let points = (0..<g.ringCount).map { r in
                g.ringRange(r).dropLast().map {
                    GridRectangleClip.Point(x: Int64(g.position($0).x), y: Int64(g.position($0).y))
                }
            }
            #expect(try #require(clip.clip(points)).isEmpty)
            #expect(try #require(clip(g)).isEmpty)
        }
        // Its box reaches into the rectangle, its area does not: clipped, to nothing.
        let hook = polygon([[(-50, -50), (150, -50), (150, 50), (140, 50), (140, -40), (-50, -40)]])
        #expect(clip.place(hook, ring: 0) == .across)
        #expect(try #require(clip(hook)).isEmpty)
    }

    @Test func aHoleCutThroughJoinsTheBorder() throws {
        let context = try GEOSContext()
        // A 0…10 square with a 3…7 hole, noded at x = 5 (where the rectangle's side lies).
        let g = polygon([
            [(0, 0), (5, 0), (10, 0), (10, 10), (5, 10), (0, 10)],
            [(3, 3), (3, 7), (5, 7), (7, 7), (7, 3), (5, 3)],
        ])
        let out = try expectLikeGEOS(g, (5, -2, 12, 12), context: context)
        #expect(area(out) == 50 - 8)
        #expect(out.polygonCount == 1 && out.ringCount == 1, "the hole's half is a notch of the border")
    }

    @Test func aBorderAlongTheSideIsNotClosedAroundTheWrongSide() throws {
        let context = try GEOSContext()
        // An L whose edge runs along x = 4, the rectangle's right side (GEOS 3.11's ClipByRect
        // closed such a ring around the rectangle's other side).
        let g = polygon([[(0, 0), (4, 0), (4, 2), (4, 6), (8, 6), (8, 8), (0, 8)]])
        let out = try expectLikeGEOS(g, (0, 0, 4, 4), context: context)
        #expect(area(out) == 16)
        try expectLikeGEOS(g, (4, 0, 8, 6), context: context)
        try expectLikeGEOS(g, (4, 6, 8, 8), context: context)
    }

    @Test func aRectangleInsideIsWholeAndOneInAHoleIsEmpty() throws {
        let context = try GEOSContext()
        let g = polygon([[(0, 0), (20, 0), (20, 20), (0, 20)], [(10, 10), (10, 18), (18, 18), (18, 10)]])
        #expect(area(try expectLikeGEOS(g, (2, 2, 8, 8), context: context)) == 36)
        #expect(try expectLikeGEOS(g, (12, 12, 16, 16), context: context).isEmpty)
        #expect(try expectLikeGEOS(g, (30, 30, 40, 40), context: context).isEmpty)
        // Touching the rectangle from outside along a side, and at a corner.
        #expect(try expectLikeGEOS(g, (20, 5, 25, 15), context: context).isEmpty)
        #expect(try expectLikeGEOS(g, (20, 20, 25, 25), context: context).isEmpty)
    }

    @Test func twoLobesAndAPinchOnTheSide() throws {
        let context = try GEOSContext()
        // A U crossing the rectangle twice, and a polygon whose vertex touches the side inside.
        let u = polygon([
            [(0, 0), (10, 0), (10, 5), (10, 10), (7, 10), (7, 5), (7, 3), (3, 3), (3, 5), (3, 10), (0, 10), (0, 5)]
        ])
        let cut = try expectLikeGEOS(u, (-1, 5, 11, 12), context: context)
        #expect(cut.polygonCount == 2)
        let touch = polygon([[(0, 0), (10, 0), (5, 5)]])
        try expectLikeGEOS(touch, (0, 5, 10, 9), context: context)
        try expectLikeGEOS(touch, (0, 0, 10, 5), context: context)
    }

    /// A border that crosses the side, dips in, touches the side at a vertex and dips in again
    /// leaves two lobes in the rectangle that touch at that vertex: two polygons, not one ring
    /// that passes the vertex on the side (invalid: a ring touching itself). Also the same
    /// shape mirrored (the polygon outside the dips), and both with the touch at a corner.
    @Test func lobesTouchingTheSideAtAVertexAreTwoPolygons() throws {
        let context = try GEOSContext()
        let lobes = polygon([[(10, 150), (10, 100), (20, 80), (40, 100), (60, 70), (80, 100), (80, 150)]])
        let cut = try expectLikeGEOS(lobes, (0, 0, 100, 100), context: context)
        #expect(cut.polygonCount == 2)
        // The rest of a square once the dips are taken out: one piece each side of the touch.
        let bays = polygon([
            [
                (-50, -50), (150, -50), (150, 150), (80, 150), (80, 100), (60, 70), (40, 100), (20, 80), (10, 100),
                (10, 150), (-50, 150),
            ]
        ])
        try expectLikeGEOS(bays, (0, 0, 100, 100), context: context)
        try expectLikeGEOS(bays, (0, 0, 40, 100), context: context)
        try expectLikeGEOS(lobes, (40, 0, 100, 100), context: context)
    }

    /// A comb whose teeth touch the side between dips: one piece per dip, as GEOS clips it.
    @Test func aBorderTouchingTheSideManyTimesLeavesAPieceEachDip() throws {
        let context = try GEOSContext()
        let teeth = 200
        var ring: [(Double, Double)] = [(0, 150), (0, 100)]
        for k in 0..<teeth {
            ring += [(Double(4 * k + 2), 90), (Double(4 * k + 4), 100)]
        }
        ring.append((Double(4 * teeth), 150))
        let cut = try expectLikeGEOS(polygon([ring]), (-1, 0, Int64(4 * teeth + 1), 100), context: context)
        #expect(cut.polygonCount == teeth)
    }

    @Test func aSegmentCrossingASideOffAVertexIsRefused() {
        let g = polygon([[(0, 0), (10, 0), (10, 10), (0, 10)]])
        #expect(GridRectangleClip(xmin: 5, ymin: -1, xmax: 20, ymax: 20)(g) == nil)
        // Not on the grid.
        let off = polygon([[(0, 0), (10.5, 0), (10, 10)]])
        #expect(GridRectangleClip(xmin: -5, ymin: -5, xmax: 5, ymax: 5)(off) == nil)
    }

    /// The fixtures' real zones on the grid of z12–z14, noded at every tile line ± buffer as
    /// the tiler snaps them, clipped to every tile (buffer included) and to blocks of tiles.
    @Test func realZonesOnTheirTiles() throws {
        let context = try GEOSContext()
        var clips = 0
        for grid in try realCityGrids(
            ["basel", "rome-rioni"], zooms: [12, 14], tolerance: { _ in 1 }, context: context)
        {
            for g in grid.zones where !g.isEmpty {
                let box = try #require(BoundingBox(g))
                func tile(_ v: Double, _ origin: Int64) -> Int64 { (Int64(v) + origin) >> 12 }
                for tx in tile(box.west, grid.originX)...tile(box.east, grid.originX) {
                    for ty in tile(box.south, grid.originY)...tile(box.north, grid.originY) {
                        for (wx, wy) in [(1, 1), (2, 1), (1, 3)] {
                            let r = (
                                tx * 4096 - 64 - grid.originX, ty * 4096 - 64 - grid.originY,
                                (tx + Int64(wx)) * 4096 + 64 - grid.originX,
                                (ty + Int64(wy)) * 4096 + 64 - grid.originY
                            )
                            try expectLikeGEOS(g, r, context: context)
                            clips += 1
                        }
                    }
                }
            }
        }
        #expect(clips > 100)
    }

    /// A stitched ring that passes a point twice splits there into simple loops; one that does
    /// not stays whole. Points far apart (offsets past 32 bits) are compared as points.
    @Test(arguments: [Int64(0), 1 << 40])
    func aRingPassingAPointTwiceSplitsIntoLoops(spread: Int64) {
        typealias P = GridRectangleClip.Point
        // Two squares joined at (2, 2): a figure eight.
        let eight = [(0, 0), (2, 0), (2, 2), (4, 2), (4, 4), (2, 4), (2, 2), (0, 2)].map {
            P(x: Int64($0.0) * (spread + 1), y: Int64($0.1))
        }
        #expect(GridRectangleClip.passesAPointTwice(eight))
        let loops = GridRectangleClip.loops(eight)
        #expect(loops.count == 2)
        #expect(loops.allSatisfy { Set($0).count == $0.count && GridRectangleClip.twiceArea($0) > 0 })
        #expect(loops.map(\.count).reduce(0, +) == eight.count)
        let square = [(0, 0), (2, 0), (2, 2), (0, 2)].map { P(x: Int64($0.0) * (spread + 1), y: Int64($0.1)) }
        #expect(!GridRectangleClip.passesAPointTwice(square))
        #expect(GridRectangleClip.loops(square) == [square])
    }
}
