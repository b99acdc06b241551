import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Dissolving one style's polygons into one feature, through the whole geometry stage
/// (precision 6, so every corner below is on the grid) and through ``CityOverlay`` itself.
@Suite struct DissolveTests {
    /// Squares of 0.01° near Berlin; x0, y0 the lower-left corner.
    static func sq(_ x0: Double, _ y0: Double, _ size: Double = 0.01) -> [Double] {
        rect(x0, y0, x0 + size, y0 + size)
    }

    static func parking(_ rings: [Double]...) -> [ZoneSpec] {
        rings.map { ZoneSpec("berlin", "parking", flat([[$0]], isMulti: false)) }
    }

    @Test func overlappingSquaresDissolveIntoOnePolygon() throws {
        let city = try runStage(Self.parking(Self.sq(13.40, 52.50), Self.sq(13.405, 52.505)))
        #expect(city.diagnostics.isEmpty, "\(city.diagnostics)")
        let g = try #require(city.group("parking")).geometry
        #expect(g.polygonCount == 1)
        #expect(g.ringCount == 1)
        // Two 1e-4 deg² squares sharing a 2.5e-5 deg² corner.
        #expect(abs(planarArea(g) - 1.75e-4) < 1e-12)
        #expect(vertices(g).count == 8)
    }

    @Test func squaresSharingAnEdgeMerge() throws {
        let city = try runStage(Self.parking(Self.sq(13.40, 52.50), Self.sq(13.41, 52.50)))
        let g = try #require(city.group("parking")).geometry
        #expect(g.polygonCount == 1)
        #expect(g.ringCount == 1)
        #expect(abs(planarArea(g) - 2e-4) < 1e-12)
        // The shared edge is gone: what is left is the outline of a 0.02 × 0.01 rectangle.
        #expect(approxEqual(extent(g), [13.40, 52.50, 13.42, 52.51]))
        let context = try GEOSContext()
        #expect(try geosInvalidity(g, context: context) == nil)
    }

    @Test func squaresSharingPartOfAnEdgeMerge() throws {
        let city = try runStage(Self.parking(Self.sq(13.40, 52.50), Self.sq(13.41, 52.505)))
        let g = try #require(city.group("parking")).geometry
        #expect(g.polygonCount == 1)
        #expect(abs(planarArea(g) - 2e-4) < 1e-12)
    }

    @Test func disjointSquaresStayTwoParts() throws {
        let city = try runStage(Self.parking(Self.sq(13.40, 52.50), Self.sq(13.43, 52.50)))
        let group = try #require(city.group("parking"))
        #expect(group.geometry.polygonCount == 2)
        #expect(group.geometry.isMulti)
        #expect(abs(planarArea(group.geometry) - 2e-4) < 1e-12)
        #expect(group.inputPolygons == 2)
        #expect(approxEqual(group.bbox.array, [13.40, 52.50, 13.44, 52.51]))
    }

    @Test func duplicatePolygonsVanish() throws {
        let ring = [13.40, 52.50, 13.41, 52.50, 13.405, 52.51, 13.40, 52.50]
        let city = try runStage(Self.parking(ring, ring, reversed(ring)))
        let g = try #require(city.group("parking")).geometry
        #expect(g.polygonCount == 1)
        #expect(vertices(g).count == 3)
        #expect(abs(planarArea(g) - 0.5e-4) < 1e-12)
        #expect(sameVertexSet(g, flat([[ring]]), tolerance: 1e-12))
    }

    @Test func polygonInsideAnotherIsAbsorbed() throws {
        let city = try runStage(Self.parking(Self.sq(13.40, 52.50, 0.03), Self.sq(13.41, 52.51)))
        let g = try #require(city.group("parking")).geometry
        #expect(g.polygonCount == 1)
        #expect(g.ringCount == 1)
        #expect(abs(planarArea(g) - 9e-4) < 1e-12)
    }

    @Test func chainOfOverlapsIsOneCluster() throws {
        // a–b and b–c overlap, a and c do not: the sweep must still put all three in one union.
        let city = try runStage(
            Self.parking(Self.sq(13.40, 52.50), Self.sq(13.428, 52.50), Self.sq(13.409, 52.50, 0.02)))
        let g = try #require(city.group("parking")).geometry
        #expect(g.polygonCount == 1)
        #expect(abs(planarArea(g) - 5.8e-4) < 1e-12)
    }

    @Test func differentStylesAreDissolvedSeparately() throws {
        let specs =
            Self.parking(Self.sq(13.40, 52.50), Self.sq(13.43, 52.50))
            + [
                ZoneSpec("berlin", "slow-zone", flat([[Self.sq(13.45, 52.50)]])),
                ZoneSpec("berlin", "slow-zone", flat([[Self.sq(13.46, 52.50)]])),
            ]
        let city = try runStage(specs)
        #expect(city.groups.map(\.key) == [["berlin", "parking"], ["berlin", "slow-zone"]])
        #expect(city.group("parking")?.geometry.polygonCount == 2)
        #expect(city.group("slow-zone")?.geometry.polygonCount == 1)
    }

    /// The planar overlay on its own: polygons of one group that only touch at a corner stay
    /// separate polygons of its MultiPolygon (valid: they meet at a point only).
    @Test func cornerTouchingPolygonsStaySeparateParts() throws {
        let context = try GEOSContext()
        let inputs = [square(0, 0, 1), square(1, 1, 1), square(5, 5, 1)].map { flat([[$0]]) }
        let out = try CityOverlay(precision: 6, priority: false)([inputs]).groups[0]
        #expect(out.polygonCount == 3)
        #expect(try geosInvalidity(out, context: context) == nil)
        #expect(abs(planarArea(out) - 3) < 1e-12)
    }
}
