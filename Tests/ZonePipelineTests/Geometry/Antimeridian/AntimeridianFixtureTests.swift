import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// The shapes of Fixtures/antimeridian (see its README): split at ±180 with exact and inexact
/// seams (chukotka, fiji), drawn on past 180 (chukotka-unwrapped), with 360° jumps
/// (chukotka-naive), parts on both sides without a crossing (alaska).
enum AntimeridianFixtures {
    static let directory = PipelineTestPaths.fixtures.appendingPathComponent("antimeridian")
    static let names = ["alaska", "chukotka", "chukotka-naive", "chukotka-unwrapped", "fiji"]

    static func path(_ name: String) -> String { directory.appendingPathComponent("\(name).geojson").path }

    /// The file read and checked as the build's scan checks a file (one feature each).
    static func zones(_ name: String) throws -> CheckedText {
        FileCheck.check(try SourceText(contentsOf: path(name)), config: .default, context: try GEOSContext())
    }

    /// The file through the build driver: its one city.
    static func city(_ name: String, config: PipelineConfig) throws -> CityResult {
        let build = try buildZones([path(name)], config: config)
        return try #require(build.cities.first, "\(build.diagnostics)")
    }

    /// The interpolations, as configurations of the whole stage (simplification on, 1 m).
    static func config(_ interpolation: AntimeridianConfig.Interpolation) -> PipelineConfig {
        PipelineConfig(antimeridian: AntimeridianConfig(interpolation: interpolation))
    }
}

@Suite struct AntimeridianFixtureTests {
    static let interpolations = AntimeridianConfig.Interpolation.allCases

    /// Issue #4's "done when": every output valid, no part wider than 180°, bbox correct —
    /// west > east exactly when the shortest box runs through 180 (every fixture here does).
    @Test(arguments: AntimeridianFixtures.names, interpolations)
    func everyOutputIsValidOnOneSideWithItsBox(name: String, interpolation: AntimeridianConfig.Interpolation) throws {
        let zones = try AntimeridianFixtures.zones(name)
        #expect(!zones.diagnostics.hasErrors, "\(zones.diagnostics)")
        let city = try AntimeridianFixtures.city(name, config: AntimeridianFixtures.config(interpolation))
        #expect(city.errors.isEmpty, "\(city.errors)")
        let group = try #require(city.groups.first)
        let context = try GEOSContext()
        #expect(try geosInvalidity(group.geometry, context: context) == nil)
        #expect(partsWiderThanHalfTheGlobe(group.geometry).isEmpty)
        #expect(windingProblems(group.geometry).isEmpty)
        #expect(group.bbox.array == bruteForceRFC7946Box(group.geometry))
        #expect(group.bbox.west > group.bbox.east, "\(group.bbox.array)")
        // Both sides present: the parts at ±180 were kept as parts, not bridged.
        let ranges = partLongitudeRanges(group.geometry)
        #expect(ranges.contains { $0.west > 0 } && ranges.contains { $0.east < 0 })
    }

    /// Three encodings of one region agree: drawn on past 180 and with 360° jumps, the build
    /// gives the same geometry, and the same as the source split at ±180 (the dissolve that
    /// made the unwrapped file left gaps narrower than the 6-decimal grid along the meridian).
    @Test(arguments: interpolations)
    func chukotkaEncodingsBuildAlike(interpolation: AntimeridianConfig.Interpolation) throws {
        func build(_ name: String) throws -> PolygonalGeometry {
            let city = try AntimeridianFixtures.city(name, config: AntimeridianFixtures.config(interpolation))
            return try #require(city.groups.first).geometry
        }
        let split = try build("chukotka")
        let naive = try build("chukotka-naive")
        let unwrapped = try build("chukotka-unwrapped")
        #expect(naive == unwrapped)
        let context = try GEOSContext()
        let area = planarArea(split)
        #expect(try symmetricDifferenceArea(naive, split, context: context) <= 1e-9 * area)
    }

    /// A zone whose edges cross 180 at a shallow angle, so the crossing points lie within
    /// 50 m of the straight line between their neighbours, simplified with 200 m: the crossing
    /// points stay, on both sides, so the sides still meet along the meridian.
    @Test func simplificationKeepsShallowCrossingPoints() throws {
        let ring = [179.9, 60, 179.999, 60.1, 180.001, 60.5, 180.001, 61.5, 179.999, 61.9, 179.9, 62, 179.9, 60]
        let config = PipelineConfig(simplify: SimplifyConfig(toleranceM: 200))
        let city = try runStage([ZoneSpec("chukotka", "parking", flat([[ring]]))], config: config)
        let g = try #require(city.group("parking")).geometry
        #expect(g.polygonCount == 2)
        #expect(try geosInvalidity(g, context: GEOSContext()) == nil)
        let east = Set((0..<g.positionCount).filter { g.position($0).x == 180 }.map { g.position($0).y })
        let west = Set((0..<g.positionCount).filter { g.position($0).x == -180 }.map { g.position($0).y })
        #expect(east.count == 2)
        #expect(east == west)
    }

    /// Simplification keeps the vertices on ±180, so both sides still meet along the meridian:
    /// every latitude at which one side touches 180 is one where the other touches −180.
    @Test func simplificationKeepsTheSeam() throws {
        let config = PipelineConfig(simplify: SimplifyConfig(toleranceM: 2000))
        let city = try AntimeridianFixtures.city("chukotka-naive", config: config)
        let g = try #require(city.groups.first).geometry
        #expect(try geosInvalidity(g, context: GEOSContext()) == nil)
        let east = Set((0..<g.positionCount).filter { g.position($0).x == 180 }.map { g.position($0).y })
        let west = Set((0..<g.positionCount).filter { g.position($0).x == -180 }.map { g.position($0).y })
        #expect(east.count >= 4)
        // The mainland's two crossings are on both sides, exactly.
        #expect(east.intersection(west).count >= 2)
        let unsimplified = try #require(
            try AntimeridianFixtures.city(
                "chukotka-naive", config: PipelineConfig(simplify: SimplifyConfig(toleranceM: 0))
            ).groups.first
        ).geometry
        let eastBefore = Set(
            (0..<unsimplified.positionCount).filter { unsimplified.position($0).x == 180 }.map {
                unsimplified.position($0).y
            })
        #expect(east == eastBefore)
        #expect(g.positionCount < unsimplified.positionCount / 2)
    }
}
