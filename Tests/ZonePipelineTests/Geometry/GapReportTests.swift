import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// The gap report alone (`gaps.report_m`, `close_m` 0: the default): found on the border of the
/// area the overlay covers and measured apart (``CityGaps/report(coverBorders:precision:cores:)``,
/// ``GapMeasure``), so the output is the same with the report or without it.
@Suite struct GapReportTests {
    typealias G = GapTests

    static func report(_ width: Double = 2, priority: [String]? = []) -> PipelineConfig {
        GapTests.config(report: width, close: 0, priority: priority)
    }

    @Test func squaresOneMetreApartAreReportedAndKeptApart() throws {
        let city = try runStage(G.squares, config: Self.report())
        let parking = try #require(city.group("parking")).geometry
        #expect(parking.polygonCount == 2 && city.closed.isEmpty)
        #expect(city.gaps.count == 1, "\(city.gaps)")
        let gap = try #require(city.gaps.first)
        #expect(gap.features == ["zones.geojson:1:1", "zones.geojson:2:1"])
        #expect(gap.styles == ["paris/parking"] && gap.closedInto.isEmpty)
        // Measured between the borders as snapped to the grid: each moves by up to half a cell
        // (3.7 cm east–west here).
        #expect(G.near(gap.minWidthM, 1, 0.08) && G.near(gap.maxWidthM, 1, 0.08), "\(gap)")
        #expect(G.near(gap.lengthM, 51, 1.5), "\(gap.lengthM)")
        #expect(G.roughly(gap.squareMetres, 50), "\(gap.squareMetres)")
        #expect(G.near(gap.lon, G.lon0 + 50.5 / (G.metrePerDegree * cos(G.lat0 * .pi / 180)), 1e-6))
        #expect(G.near(gap.lat, G.lat0 + 25 / G.metrePerDegree, 1e-6))
        // The same output as without the report.
        let plain = try runStage(G.squares, config: Self.report(0))
        #expect(plain.gaps.isEmpty)
        #expect(plain.groups.map(\.geometry) == city.groups.map(\.geometry))
    }

    @Test func nothingIsReportedWhenTheGapIsWiderThanReportM() throws {
        #expect(try runStage(G.squares, config: Self.report(0.8)).gaps.isEmpty)
    }

    @Test func aGapBetweenTwoStylesNamesBoth() throws {
        let specs = [
            G.zone("parking", [G.box(0, 0, 50, 50)]), G.zone("no-parking", [G.box(51.5, 0, 101, 50)]),
        ]
        for priority in [[], nil] as [[String]?] {
            let city = try runStage(specs, config: Self.report(priority: priority))
            let gap = try #require(city.gaps.first)
            #expect(city.gaps.count == 1)
            #expect(Set(gap.styles) == ["paris/parking", "paris/no-parking"])
            #expect(G.near(gap.minWidthM, 1.5, 0.08), "\(gap)")
            #expect(G.roughly(gap.squareMetres, 75), "\(gap.squareMetres)")
        }
    }

    @Test func aBayOfOneZoneIsNotAGap() throws {
        // A U: a 1 m wide, 20 m deep bay inside one feature faces no other feature.
        let u = [[0.0, 0], [21, 0], [21, 30], [11, 30], [11, 10], [10, 10], [10, 30], [0, 30], [0, 0]]
        let kx = G.metrePerDegree * cos(G.lat0 * .pi / 180)
        let ring = u.flatMap { [G.lon0 + $0[0] / kx, G.lat0 + $0[1] / G.metrePerDegree] }
        #expect(try runStage([G.zone("parking", [ring])], config: Self.report(3)).gaps.isEmpty)
        // Between two features of one style: the pinwheel's four slits round its courtyard are,
        // each between its two zones (1 × 9, 1 × 10, 1 × 10, 1 × 10 m), and not the courtyard.
        let pinwheel = try runStage(G.pinwheel, config: Self.report(3))
        #expect(pinwheel.gaps.count == 4, "\(pinwheel.gaps)")
        #expect(pinwheel.gaps.allSatisfy { $0.features.count == 2 && G.near($0.minWidthM, 1, 0.08) })
        #expect(G.near(pinwheel.gaps.reduce(0) { $0 + $1.squareMetres }, 39, 2), "\(pinwheel.gaps)")
    }

    @Test func bordersInsideAZoneBoundNoGap() throws {
        // Neighbours sharing a border, and a zone inside the right one a metre from that border:
        // the space between it and the left neighbour is the right one's.
        let specs = [
            G.zone("parking", [G.box(0, 0, 50, 50)]), G.zone("parking", [G.box(50, 0, 100, 50)]),
            G.zone("no-parking", [G.box(51, 10, 70, 30)]),
        ]
        #expect(try runStage(specs, config: Self.report()).gaps.isEmpty)
    }

    @Test func whatAThirdZoneCoversIsNoGap() throws {
        // The squares' slit, its lower half covered by a third zone across it.
        let specs = G.squares + [G.zone("no-parking", [G.box(40, -10, 60, 25)])]
        let city = try runStage(specs, config: Self.report())
        #expect(city.gaps.count == 1, "\(city.gaps)")
        let gap = try #require(city.gaps.first)
        #expect(G.roughly(gap.squareMetres, 25), "\(gap.squareMetres)")
        #expect(G.near(gap.lengthM, 26, 1.5), "\(gap.lengthM)")
        #expect(G.near(gap.lat, G.lat0 + 37.5 / G.metrePerDegree, 1e-6))
    }

    /// A piece half across an open chain of border with the zones to its north: half of it is a
    /// gap (the chain's open ends lie outside the piece).
    @Test func theMeasureReadsTheCoverOffTheBorder() throws {
        let square: [(lon: Double, lat: Double)] = [(0, 0), (1e-4, 0), (1e-4, 1e-4), (0, 1e-4)]
        let piece = GapFinder.Piece(ring: square, features: (0, 1), minWidthM: 1, maxWidthM: 1)
        let unit = 1e6
        func border(_ x0: Double, _ x1: Double, _ y: Double) -> CityOverlay.CoverBorder {
            CityOverlay.CoverBorder(
                from: GridPoint(x: Int64(x0 * unit), y: Int64(y * unit)),
                to: GridPoint(x: Int64(x1 * unit), y: Int64(y * unit)), feature: 0)
        }
        let measure = GapMeasure(precision: 6)
        let full = try measure.regions(pieces: [piece], borders: [])
        let whole = try #require(full.first).squareMetres
        #expect(full.count == 1 && G.close(whole, pow(1e-4 * G.metrePerDegree, 2)), "\(whole)")
        // Eastwards: the zones are on the left, to the north.
        let north = try measure.regions(pieces: [piece], borders: [border(-1e-4, 2e-4, 0.5e-4)])
        #expect(north.count == 1 && G.close(north[0].squareMetres, whole / 2), "\(north)")
        #expect(G.near(north[0].north, 0.5e-4, 1e-9) && G.near(north[0].south, 0, 1e-9))
        // Westwards, in two edges: the south is covered.
        let south = try measure.regions(
            pieces: [piece], borders: [border(2e-4, 0.3e-4, 0.5e-4), border(0.3e-4, -1e-4, 0.5e-4)])
        #expect(south.count == 1 && G.close(south[0].squareMetres, whole / 2), "\(south)")
        #expect(G.near(south[0].south, 0.5e-4, 1e-9))
        // A border far away changes nothing.
        #expect(try measure.regions(pieces: [piece], borders: [border(1, 2, 1)]).map(\.squareMetres) == [whole])
    }

    /// The sample cities, checked with shapely (Scripts/check_gap_report.py): every sliver between
    /// two features that a closing of the output finds is reported, and the report claims no
    /// more area than a slightly wider closing fills; and the output is the one without a report.
    @Test(.tags(.python)) func theSampleCitiesReportEverySliver() throws {
        let zones = PipelineTestPaths.root.appendingPathComponent("zones")
        var config = PipelineConfig(simplify: SimplifyConfig(toleranceM: 0), gaps: GapsConfig(reportM: 2, closeM: 0))
        let outcome = try buildZones([zones.path], config: config, jobs: 2)
        #expect(!outcome.diagnostics.hasErrors)
        let report = try #require(outcome.output?.report)
        #expect(report.gaps.count > 100 && report.closed.isEmpty)
        config.gaps.reportM = 0
        let plain = try buildZones([zones.path], config: config, jobs: 2)
        #expect(plain.cities.map { $0.groups.map(\.geometry) } == outcome.cities.map { $0.groups.map(\.geometry) })

        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var arguments = ["2"]
        for city in outcome.cities.sorted(by: { $0.city < $1.city }) {
            let output = dir.appendingPathComponent("\(city.city).geojson")
            try geoJSONFeatureCollection(city).write(to: output, atomically: false, encoding: .utf8)
            let gaps = dir.appendingPathComponent("\(city.city).gaps.json")
            try JSONEncoder().encode(report.gaps.filter { $0.city == city.city }).write(to: gaps)
            arguments += [zones.appendingPathComponent("\(city.city).geojson").path, output.path, gaps.path]
        }
        let script = PipelineTestPaths.scripts.appendingPathComponent("check_gap_report.py")
        let run = try runProcess(PipelineTestPaths.python, [script.path] + arguments)
        try #require(run.status == 0, "check_gap_report.py: \(run.stderr)")
        struct Checked: Decodable {
            struct City: Decodable {
                var input: String
                var slivers: Int
                var unreported: [[Double]]
                var gaps: Int
                var reportedM2: Double
                var closingM2: Double
            }
            var cities: [City]
        }
        let checked = try JSONDecoder.fromSnakeCase.decode(Checked.self, from: Data(run.stdout.utf8))
        #expect(checked.cities.count == 7)
        #expect(checked.cities.reduce(0) { $0 + $1.slivers } > 50, "the samples are hand-drawn")
        for city in checked.cities {
            #expect(city.unreported.isEmpty, "\(city.input): slivers not reported at \(city.unreported)")
            #expect(city.reportedM2 <= city.closingM2 + Double(city.gaps), "\(city.input): \(city)")
        }
    }
}
