import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

@Suite struct ValidityTests {
    static let invalid: [(NamedGeometry, ValidityProblem)] = [
        (
            NamedGeometry("bow-tie", flat([[[0, 0, 2, 2, 2, 0, 0, 2, 0, 0]]])),
            ValidityProblem(reason: "Self-intersection", x: 1, y: 1)
        ),
        (
            NamedGeometry("ring touching itself at a vertex", flat([[[0, 0, 4, 0, 2, 2, 4, 4, 0, 4, 2, 2, 0, 0]]])),
            ValidityProblem(reason: "Ring Self-intersection", x: 2, y: 2)
        ),
        (
            NamedGeometry("nested shells", flat([[square(0, 0, 10)], [square(2, 3, 2)]])),
            ValidityProblem(reason: "Nested shells", x: 2, y: 3)
        ),
        (
            NamedGeometry(
                "hole outside shell", flat([[square(0, 0, 10), reversed(square(20, 21, 1))]], isMulti: false)),
            ValidityProblem(reason: "Hole lies outside shell", x: 20, y: 21)
        ),
        (
            NamedGeometry("too few points [a, b, a, a]", flat([[[3, 4, 5, 6, 3, 4, 3, 4]]])),
            ValidityProblem(reason: "Too few points in geometry component", x: 3, y: 4)
        ),
        (
            NamedGeometry("three positions [a, b, a]", flat([[[3, 4, 5, 6, 3, 4]]])),
            ValidityProblem(reason: "Too few points in geometry component", x: 3, y: 4)
        ),
    ]

    @Test(arguments: invalid)
    func invalidShapeGivesGEOSReasonAndLocation(_ input: NamedGeometry, expected: ValidityProblem) throws {
        let context = try GEOSContext()
        let problem = try validityProblem(of: input.geometry, context: context)
        #expect(problem == expected)
    }

    static let valid: [NamedGeometry] = [
        NamedGeometry("square", flat([[square(0, 0, 1)]], isMulti: false)),
        NamedGeometry("square with hole", flat([[square(0, 0, 10), reversed(square(2, 2, 3))]])),
        NamedGeometry("two disjoint squares", flat([[square(0, 0, 1)], [square(5, 5, 1)]])),
        NamedGeometry("empty", flat([])),
    ]

    @Test(arguments: valid)
    func validShapeHasNoProblem(_ input: NamedGeometry) throws {
        let context = try GEOSContext()
        let problem = try validityProblem(of: input.geometry, context: context)
        #expect(problem == nil)
    }

    @Test func geometryGEOSCannotBuildThrowsInsteadOfReporting() throws {
        let context = try GEOSContext()
        let unclosed = flat([[[0, 0, 1, 0, 1, 1, 0, 1]]])
        #expect(
            throws: GEOSError.failed(
                operation: "GEOSGeom_createLinearRing_r (ring 0)",
                message: "IllegalArgumentException: Points of LinearRing do not form a closed linestring")
        ) {
            try validityProblem(of: unclosed, context: context)
        }
    }

    @Test func problemLocationPointsAtTheOffendingVertex() throws {
        let context = try GEOSContext()
        let geometry = flat([[square(0, 0, 10), reversed(square(20, 21, 1))]], isMulti: false)
        let problem = try #require(try validityProblem(of: geometry, context: context))
        let nearest = nearestPosition(in: geometry, x: problem.x, y: problem.y)
        // (20, 21) is the hole's first vertex: ring 1, global position 5.
        #expect(nearest.map { [$0.ring, $0.index] } == [1, 5])
    }
}
