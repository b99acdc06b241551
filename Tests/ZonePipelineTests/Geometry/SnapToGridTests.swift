import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Rounding the city to the `precision` grid (1e-6° by default): parts thinner than a cell
/// collapse with a warning, borders shared by styles stay shared.
@Suite struct SnapToGridTests {
    /// A square on the grid and, apart from it, a sliver 2e-7° (a fifth of a cell) wide.
    static let square = rect(13.40, 52.50, 13.41, 52.51)
    static let sliver = rect(13.42, 52.50, 13.43, 52.5000002)

    @Test func polygonThinnerThanTheGridCollapsesWithAWarning() throws {
        let city = try runStage([ZoneSpec("berlin", "parking", flat([[Self.square], [Self.sliver]]))])
        #expect(city.errors.isEmpty)
        let g = try #require(city.group("parking")).geometry
        #expect(g.polygonCount == 1)
        #expect(sameVertexSet(g, flat([[Self.square]]), tolerance: 1e-12))
        let warnings = city.warnings.map(\.message)
        #expect(
            warnings == [
                "group [berlin, parking]: 1 polygon(s) and 0 hole(s) collapsed on the 6-decimal grid and were dropped"
            ])
    }

    @Test func styleMadeOnlyOfSliversHasNoFeatureAndAWarning() throws {
        let city = try runStage([
            ZoneSpec("berlin", "parking", flat([[Self.square]])),
            ZoneSpec("berlin", "slow-zone", flat([[Self.sliver]])),
        ])
        #expect(city.errors.isEmpty)
        #expect(city.groups.map(\.key) == [["berlin", "parking"]])
        #expect(
            city.warnings.contains { $0.message.contains("[berlin, slow-zone] has no area left") },
            "\(city.diagnostics)")
    }

    @Test func holeThinnerThanTheGridCollapsesWithAWarning() throws {
        let hole = reversed(rect(13.402, 52.505, 13.408, 52.5050003))
        let city = try runStage([ZoneSpec("berlin", "parking", flat([[Self.square, hole]], isMulti: false))])
        let g = try #require(city.group("parking")).geometry
        #expect(g.ringCount == 1)
        #expect(
            city.warnings.map(\.message) == [
                "group [berlin, parking]: 0 polygon(s) and 1 hole(s) collapsed on the 6-decimal grid and were dropped"
            ])
    }

    @Test func polygonAFewCellsWideSurvives() throws {
        let strip = rect(13.42, 52.50, 13.43, 52.500003)
        let city = try runStage([ZoneSpec("berlin", "parking", flat([[strip]]))])
        #expect(city.diagnostics.isEmpty, "\(city.diagnostics)")
        let g = try #require(city.group("parking")).geometry
        #expect(abs(planarArea(g) - 0.01 * 3e-6) < 1e-15)
    }

    @Test(arguments: [1, 3, 4, 5, 6, 7, 9])
    func offGridInputIsRoundedToThePrecision(precision: Int) throws {
        // A triangle with 12-decimal corners.
        let ring = [
            13.123456789012, 52.987654321098, 13.623456789012, 52.987654321098,
            13.373456789012, 53.487654321098, 13.123456789012, 52.987654321098,
        ]
        let city = try runStage(
            [ZoneSpec("x", "parking", flat([[ring]]))], config: PipelineConfig(precision: precision))
        #expect(city.diagnostics.isEmpty, "\(city.diagnostics)")
        let group = try #require(city.group("parking"))
        let context = try GEOSContext()
        #expect(try outputProblems(group, precision: precision, context: context).isEmpty)
        // Each corner moves to the nearest grid point, and each coordinate is the very double
        // a reader makes of the decimal (so printing it needs at most `precision` decimals),
        // also where GEOS's scale 1 / 10^-p is not exactly 10^p (p = 5, 9).
        let scale = pow10(precision)
        let rounded = vertices(flat([[ring]])).flatMap {
            [($0.x * scale).rounded() / scale, ($0.y * scale).rounded() / scale]
        }
        #expect(sameVertexSet(group.geometry, flat([[rounded + rounded.prefix(2)]]), tolerance: 0))
        let decimals = group.geometry.coordinates.map { String(format: "%.\(precision)f", $0) }
        #expect(group.geometry.coordinates == decimals.map { Double($0)! })
    }

    @Test func styleBordersOffTheGridStaySharedWithoutGapOrOverlap() throws {
        // Two styles meeting along a slanted border whose vertices are off the grid.
        let left = [13.40, 52.50, 13.4050000004, 52.50, 13.4062345678, 52.51, 13.40, 52.51, 13.40, 52.50]
        let right = [13.4050000004, 52.50, 13.42, 52.50, 13.42, 52.51, 13.4062345678, 52.51, 13.4050000004, 52.50]
        let city = try runStage(
            [
                ZoneSpec("berlin", "parking", flat([[left]])),
                ZoneSpec("berlin", "slow-zone", flat([[right]])),
            ], config: PipelineConfig(overlaps: .allow))
        #expect(city.diagnostics.isEmpty, "\(city.diagnostics)")
        let a = try #require(city.group("parking")).geometry
        let b = try #require(city.group("slow-zone")).geometry
        let context = try GEOSContext()
        // No overlap (even with `allow`: they never overlapped), and no gap: the two fill the
        // whole rectangle.
        #expect(try !a.makeGEOSGeometry(context: context).interiorsIntersect(b.makeGEOSGeometry(context: context)))
        #expect(abs(planarArea(a) + planarArea(b) - 0.02 * 0.01) < 1e-15)
        // The border vertices are rounded identically on both sides.
        let shared = Set(vertices(a).map { "\($0.x),\($0.y)" }).intersection(vertices(b).map { "\($0.x),\($0.y)" })
        #expect(shared.count == 2, "\(shared)")
    }
}
