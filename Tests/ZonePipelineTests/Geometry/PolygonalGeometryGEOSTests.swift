import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

@Suite struct PolygonalGeometryGEOSTests {
    static let roundTrips: [NamedGeometry] = [
        NamedGeometry("polygon with hole", flat([[square(0, 0, 10), reversed(square(2, 2, 3))]], isMulti: false)),
        NamedGeometry(
            "multipolygon",
            flat([
                [square(13.404954, 52.520008, 0.25), reversed(square(13.5, 52.6, 0.01))],
                [[-0.1, 51.5, 0.2, 51.5, 0.05, 51.7, -0.1, 51.5]],
            ])),
        NamedGeometry("multipolygon with one part", flat([[square(-180, -90, 1e-9)]])),
        NamedGeometry("empty multipolygon", flat([])),
        NamedGeometry("empty polygon", flat([], isMulti: false)),
    ]

    @Test(arguments: roundTrips)
    func roundTripIsIdentical(_ input: NamedGeometry) throws {
        let context = try GEOSContext()
        let geos = try input.geometry.makeGEOSGeometry(context: context)
        #expect(try PolygonalGeometry(geos) == input.geometry)
        #expect(context.errorMessages.isEmpty)
    }

    @Test func geometryCollectionOfPolygonsIsFlattenedAndEmptyPartsDropped() throws {
        let context = try GEOSContext()
        let wkt =
            "GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 1 1, 0 0)), "
            + "MULTIPOLYGON (((5 5, 6 5, 6 6, 5 5)), EMPTY), POLYGON EMPTY)"
        let geometry = try PolygonalGeometry(GEOSGeometry(wkt: wkt, context: context))
        #expect(geometry == flat([[[0, 0, 1, 0, 1, 1, 0, 0]], [[5, 5, 6, 5, 6, 6, 5, 5]]]))
    }

    @Test func polygonReadsAsNotMultiAndDropsZ() throws {
        let context = try GEOSContext()
        let geos = try GEOSGeometry(wkt: "POLYGON Z ((0 0 7, 1 0 7, 1 1 7, 0 0 7))", context: context)
        #expect(try PolygonalGeometry(geos) == flat([[[0, 0, 1, 0, 1, 1, 0, 0]]], isMulti: false))
    }

    @Test(arguments: [
        ("POINT (1 2)", "Point"),
        ("GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 1 1, 0 0)), LINESTRING (0 0, 1 1))", "LineString"),
    ])
    func nonPolygonalGeometryIsRejected(wkt: String, type: String) throws {
        let context = try GEOSContext()
        let geos = try GEOSGeometry(wkt: wkt, context: context)
        #expect(throws: GEOSError.unsupportedGeometryType(type)) { try PolygonalGeometry(geos) }
    }

    static let malformed: [(NamedGeometry, String)] = [
        (
            NamedGeometry(
                "odd coordinate count",
                PolygonalGeometry(
                    uncheckedCoordinates: [0, 0, 1], ringEnds: [1], polygonEnds: [1])), "odd number of coordinates (3)"
        ),
        (
            NamedGeometry(
                "ring past the buffer",
                PolygonalGeometry(
                    uncheckedCoordinates: square(0, 0, 1), ringEnds: [6], polygonEnds: [1])),
            "rings cover 6 of 5 positions"
        ),
        (
            NamedGeometry(
                "ring ends going back",
                PolygonalGeometry(
                    uncheckedCoordinates: square(0, 0, 1), ringEnds: [5, 4], polygonEnds: [2])),
            "ring 1 ends at position 4, before its start 5"
        ),
        (
            NamedGeometry(
                "polygons miss a ring",
                PolygonalGeometry(
                    uncheckedCoordinates: square(0, 0, 1) + square(0, 0, 1), ringEnds: [5, 10], polygonEnds: [1])),
            "polygons cover 1 of 2 rings"
        ),
        (
            NamedGeometry("polygon with two parts", flat([[square(0, 0, 1)], [square(5, 5, 1)]], isMulti: false)),
            "a Polygon with 2 parts"
        ),
    ]

    @Test(arguments: malformed)
    func malformedOffsetsAreRejectedBeforeGEOSReadsThem(_ input: NamedGeometry, detail: String) throws {
        let context = try GEOSContext()
        #expect(throws: GEOSError.malformedGeometry(detail)) {
            try input.geometry.makeGEOSGeometry(context: context)
        }
    }

    @Test func failingRingAfterGoodOnesThrowsAndLeavesNoStaleMessages() throws {
        let context = try GEOSContext()
        // Polygon 0 is fine, polygon 1's hole is unclosed: the made rings and polygon are freed.
        let geometry = flat([[square(0, 0, 1)], [square(5, 5, 5), [6, 6, 7, 6, 7, 7]]])
        #expect(
            throws: GEOSError.failed(
                operation: "GEOSGeom_createLinearRing_r (ring 2)",
                message: "IllegalArgumentException: Points of LinearRing do not form a closed linestring")
        ) {
            try geometry.makeGEOSGeometry(context: context)
        }
        #expect(context.errorMessages.isEmpty)
    }
}
