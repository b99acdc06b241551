import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

@Suite struct GEOSContextTests {
    @Test func messageHandlerCapturesGEOSErrorWithPointCount() throws {
        let context = try GEOSContext()
        let twoPositions = flat([[[3, 4, 3, 4]]])
        let expected = GEOSError.failed(
            operation: "GEOSGeom_createLinearRing_r (ring 0)",
            message: "IllegalArgumentException: Invalid number of points in LinearRing found 2 - must be 0 or >= 4")
        let error = #expect(throws: GEOSError.self) { try twoPositions.makeGEOSGeometry(context: context) }
        #expect(error == expected)
        #expect(error?.description.contains("found 2") == true)
        // The failure took the messages it reported.
        #expect(context.errorMessages.isEmpty)
    }

    @Test func eachFailureCarriesOnlyItsOwnMessage() throws {
        let context = try GEOSContext()
        #expect(
            throws: GEOSError.failed(
                operation: "GEOSWKTReader_read_r",
                message: "ParseException: Expected word but encountered end of stream")
        ) {
            try GEOSGeometry(wkt: "", context: context)
        }
        #expect(
            throws: GEOSError.failed(
                operation: "GEOSGeom_createLinearRing_r (ring 0)",
                message: "IllegalArgumentException: Points of LinearRing do not form a closed linestring")
        ) {
            try flat([[[0, 0, 1, 0, 1, 1, 0, 1]]]).makeGEOSGeometry(context: context)
        }
    }

    @Test func geometriesKeepTheirContextAliveWithoutACycle() throws {
        weak var weakContext: GEOSContext?
        var geometry: GEOSGeometry?
        do {
            let context = try GEOSContext()
            weakContext = context
            geometry = try flat([[square(0, 0, 1)]]).makeGEOSGeometry(context: context)
        }
        #expect(weakContext != nil)
        #expect(try geometry?.validityProblem() == nil)
        geometry = nil
        #expect(weakContext == nil)
    }

    @Test func contextsAreIndependent() throws {
        let first = try GEOSContext()
        let second = try GEOSContext()
        #expect(throws: GEOSError.self) { try flat([[[0, 0, 1, 1]]]).makeGEOSGeometry(context: first) }
        #expect(second.errorMessages.isEmpty)
        #expect(second.noticeMessages.isEmpty)
    }

    @Test func errorDescriptionNamesTheOperation() {
        let error = GEOSError.failed(operation: "GEOSUnaryUnion_r", message: "TopologyException: x")
        #expect(error.description == "GEOSUnaryUnion_r failed: TopologyException: x")
    }
}
