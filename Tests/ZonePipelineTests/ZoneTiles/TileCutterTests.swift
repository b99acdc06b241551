import Testing
import VectorTiles
import ZoneGeometry

@testable import ZoneTiles

/// The cut's last step: a tile's rings are checked where a clip can have left them invalid (the
/// polygons with two vertices on the buffered tile's boundary), and a tile found invalid is
/// snapped again, valid and with the same area.
@Suite struct TileCutterTests {
    func ring(_ points: [(Int32, Int32)]) -> [TilePoint] { points.map { TilePoint($0.0, $0.1) } }

    @Test func onlyPolygonsWithTwoVerticesOnTheBoundaryAreChecked() {
        let inside = ring([(10, 10), (20, 10), (20, 20), (10, 20)])
        let oneVertex = ring([(-64, 40), (0, 30), (0, 50)])
        let alongSide = ring([(4100, 100), (4160, 100), (4160, 200), (4100, 200)])
        let shell = ring([(100, 300), (300, 300), (300, 500), (100, 500)])
        let holeOnTop = ring([(150, 450), (150, -64), (200, -64)])
        let rings = TileRings(rings: [inside, oneVertex, alongSide, shell, holeOnTop.reversed()])
        #expect(ringArea(holeOnTop.reversed()) < 0)
        let checked = rings.polygons(onBorderOf: -64, 4160)
        #expect(checked.rings == [alongSide, shell, holeOnTop.reversed()])
        #expect(TileRings(rings: [inside, oneVertex]).polygons(onBorderOf: -64, 4160).isEmpty)
    }

    @Test func onlyPolygonsWhoseRingsMeetOnTheBoundaryOrTouchAHoleAreCheckedOnTheGrid() {
        // Cut at the top side (y = -64), meeting nothing: not checked.
        let cut = ring([(0, -64), (100, -64), (100, 100), (0, 100)])
        #expect(TileRings(rings: [cut]).polygons(meetingOnBorderOf: -64, 4160).isEmpty)
        // Two polygons of a zone may touch at a point on the side (a MultiPolygon may).
        let touching = ring([(100, -64), (200, -64), (200, 100)])
        #expect(TileRings(rings: [cut, touching]).polygons(meetingOnBorderOf: -64, 4160).isEmpty)
        // A hole meeting the exterior on the side: at a vertex of both, or inside a segment of
        // the exterior's along the side.
        func hole(_ points: [(Int32, Int32)]) -> [TilePoint] {
            let r = ring(points)
            return ringArea(r) < 0 ? r : r.reversed()
        }
        let shell = ring([(0, -64), (100, -64), (300, -64), (300, 200), (300, 300), (0, 300)])
        for meeting in [hole([(100, -64), (150, 50), (200, 50)]), hole([(120, -64), (150, 50), (90, 50)])] {
            #expect(TileRings(rings: [shell, meeting]).polygons(meetingOnBorderOf: -64, 4160).rings.count == 2)
        }
        // A hole touching the exterior away from the sides (at a vertex of both, as the
        // overlay's rings meet): checked; apart from it: not.
        let touchingHole = hole([(300, 200), (250, 150), (250, 250)])
        let apartHole = hole([(100, 100), (100, 200), (200, 200)])
        #expect(TileRings(rings: [shell, touchingHole]).polygons(meetingOnBorderOf: -64, 4160).rings.count == 2)
        #expect(TileRings(rings: [shell, apartHole]).polygons(meetingOnBorderOf: -64, 4160).isEmpty)
    }

    @Test func aTileWhoseRingTouchesItselfOnTheBoundaryIsSnappedAgain() throws {
        let context = try GEOSContext()
        // One ring through (-64, 10) twice: a notch whose tip is on the buffer's side.
        var b = PolygonalGeometryBuilder()
        for (x, y) in [(-64, 0), (20, 0), (20, 20), (-64, 20), (-64, 10), (0, 15), (0, 5), (-64, 10), (-64, 0)] {
            b.add(x: Double(x), y: Double(y))
        }
        b.closeRing()
        b.closePolygon()
        let g = b.build(checkRings: false)
        #expect(try g.invalidityReason(context: context) != nil)
        let cutter = TileCutter(zoom: 1, extent: 4096, buffer: 64, originX: 0, originY: 0, context: context)
        var out: [TileBlock] = []
        try cutter.leaf([(zone: 0, geometry: g)], x: 0, y: 0, into: &out)
        let rings = try #require(out.first?.rings)
        #expect(out.count == 1)
        #expect(try TileRings(rings: rings).geometry.invalidityReason(context: context) == nil)
        // 84 × 20 less the notch's triangle (64 wide, 10 high): twice the area is 3360 − 640.
        let twiceArea: Int64 = rings.map(ringArea).reduce(0, +)
        #expect(twiceArea == 2 * 84 * 20 - 640)
    }
}
