import Testing
@testable import ZonePipeline

/// The planar overlay's own cases: pinch points, exact sharing of carved borders, crossings
/// that fall between grid points, and its snap rounding against exact predicates.
@Suite struct CityOverlayTests {
    /// A bay whose mouth closes to a point: the square [0, 4]² with a triangular hole touching
    /// its exterior at (2, 0). The OGC form is one exterior and one hole meeting at that point;
    /// a single ring passing (2, 0) twice would be invalid.
    @Test func bayClosedToAPointIsAnExteriorAndAHole() throws {
        let hole = [2.0, 0, 1, 2, 3, 2, 2, 0]
        let input = flat([[square(0, 0, 4), hole]])
        let out = try CityOverlay(precision: 6, priority: false)([[input]]).groups[0]
        #expect(try geosInvalidity(out, context: GEOSContext()) == nil)
        #expect(out.polygonCount == 1 && out.ringCount == 2)
        #expect(abs(planarArea(out) - (16 - 2)) < 1e-9)
    }

    /// Two overlapping squares of two groups with priority: the lower group loses exactly the
    /// overlap, and both outputs use the same vertices along the border they now share.
    @Test func carvedBorderIsSharedExactly() throws {
        let high = flat([[square(0.5, 0.5, 1)]]), low = flat([[square(0, 0, 1)]])
        let out = try CityOverlay(precision: 6, priority: true)([[high], [low]])
        let context = try GEOSContext()
        #expect(try geosInvalidity(out.groups[1], context: context) == nil)
        #expect(abs(planarArea(out.groups[0]) - 1) < 1e-12)
        #expect(abs(planarArea(out.groups[1]) - 0.75) < 1e-12)
        let highVertices = Set(vertices(out.groups[0]).map { [$0.x, $0.y] })
        let shared = vertices(out.groups[1]).filter { highVertices.contains([$0.x, $0.y]) }
        #expect(Set(shared.map { [$0.x, $0.y] }) == [[0.5, 0.5], [1, 0.5], [0.5, 1]])
        #expect(out.contested.count == 1 && out.contested[0].winner == 0 && out.contested[0].loser == 1)
    }

    /// Thin crossing triangles whose crossings fall between grid points, at 3 decimals: the
    /// output is valid, on the grid, and every vertex is within half a cell diagonal of an input
    /// border (snap rounding's guarantee).
    @Test func crossingsBetweenGridPointsAreSnapRounded() throws {
        let a = [0.0, 0.0, 0.0104, 0.0031, 0.0001, 0.0067, 0.0, 0.0]
        let b = [0.0102, 0.0, 0.0103, 0.0071, -0.0003, 0.0039, 0.0102, 0.0]
        let inputs = [flat([[a]]), flat([[b]])]
        let out = try CityOverlay(precision: 3, priority: true)(inputs.map { [$0] })
        let context = try GEOSContext()
        for g in out.groups {
            #expect(try geosInvalidity(g, context: context) == nil)
            #expect(offGridCoordinates(g, precision: 3).isEmpty)
            for v in vertices(g) { #expect(distanceToBoundary(v.x, v.y, of: inputs) <= 0.001 * 0.7072) }
        }
    }

    /// The exact segment–cell test: a segment through a cell's corner meets it; one passing a
    /// fine unit outside does not.
    @Test func segmentCellTestIsExact() {
        let rounder = SnapRounder(pixel: 100)
        let cell = GridPoint(x: 1, y: 1)  // fine square [50, 150]²
        #expect(rounder.hits(GridPoint(x: 0, y: 200), GridPoint(x: 200, y: 0), pixel: cell))
        #expect(rounder.hits(GridPoint(x: 0, y: 100), GridPoint(x: 50, y: 150), pixel: cell))
        #expect(!rounder.hits(GridPoint(x: 0, y: 101), GridPoint(x: 49, y: 150), pixel: cell))
        #expect(rounder.pixelOf(GridPoint(x: 50, y: -50)) == GridPoint(x: 1, y: 0))
        #expect(rounder.pixelOf(GridPoint(x: 49, y: -51)) == GridPoint(x: 0, y: -1))
    }
}
