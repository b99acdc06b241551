import Foundation
import TestSupport
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Gaps between zones (`gaps.report_m`, `gaps.close_m`): hand-made shapes measured in metres
/// around Paris (48.85° N), where a metre east is 1 / (111,195 · cos 48.85°) degrees.
@Suite struct GapTests {
    static let lat0 = 48.85
    static let lon0 = 2.35
    static let metrePerDegree = LocalFrame.radius * Double.pi / 180

    /// A rectangle given in metres east and north of (lon0, lat0).
    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Double] {
        let kx = metrePerDegree * cos(lat0 * Double.pi / 180)
        let (w, e) = (lon0 + x0 / kx, lon0 + x1 / kx)
        let (s, n) = (lat0 + y0 / metrePerDegree, lat0 + y1 / metrePerDegree)
        return rect(w, s, e, n)
    }

    static func zone(_ style: String, _ rings: [[Double]]) -> ZoneSpec {
        ZoneSpec("paris", style, flat([rings], isMulti: false))
    }

    static func config(report: Double = 2, close: Double, priority: [String]? = []) -> PipelineConfig {
        PipelineConfig(
            overlaps: priority.map { .priority($0) } ?? .allow, simplify: SimplifyConfig(toleranceM: 0),
            gaps: GapsConfig(reportM: report, closeM: close))
    }

    /// Two 50 m squares 1 m apart.
    static let squares = [zone("parking", [box(0, 0, 50, 50)]), zone("parking", [box(51, 0, 101, 50)])]

    static func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

    /// Within 1 % of `b`: the frame's mean-sphere metres are 0.3 % off the ellipsoid's areas at
    /// this latitude, and the grid (1e-6°, 7 × 11 cm here) moves each side of a gap.
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.01 * b }

    /// Within 5 %, for a 1 m gap (the grid moves its sides by up to 3.5 cm each).
    static func roughly(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.05 * b }

    @Test func squaresOneMetreApartAreClosedAtTwoMetres() throws {
        let city = try runStage(Self.squares, config: Self.config(close: 2))
        #expect(city.errors.isEmpty, "\(city.errors)")
        let parking = try #require(city.group("parking")).geometry
        #expect(parking.polygonCount == 1, "the gap is closed: one polygon")
        #expect(Self.close(sphericalArea(parking), 50 * 101), "\(sphericalArea(parking))")
        let closed = try #require(city.closed.first)
        #expect(closed.group == ["paris", "parking"])
        #expect(Self.roughly(closed.squareMetres, 50), "\(closed.squareMetres)")
        let gap = try #require(city.gaps.first)
        #expect(city.gaps.count == 1)
        #expect(gap.closedInto == ["paris/parking"])
    }

    @Test func squaresOneMetreApartAreKeptAtHalfAMetreAndReported() throws {
        let city = try runStage(Self.squares, config: Self.config(report: 2, close: 0.5))
        let parking = try #require(city.group("parking")).geometry
        #expect(parking.polygonCount == 2, "a 1 m gap is wider than close_m 0.5")
        #expect(Self.close(sphericalArea(parking), 5000))
        #expect(city.closed.isEmpty)
        // Reported (report_m 2): the two features, 1 m wide, 50 m long, 50 m².
        #expect(city.gaps.count == 1, "\(city.gaps)")
        let gap = try #require(city.gaps.first)
        #expect(gap.features == ["zones.geojson:1:1", "zones.geojson:2:1"])
        #expect(Self.near(gap.minWidthM, 1, 0.05) && Self.near(gap.maxWidthM, 1, 0.05), "\(gap)")
        #expect(Self.near(gap.lengthM, 51, 1.5), "\(gap.lengthM)")
        #expect(Self.roughly(gap.squareMetres, 50), "\(gap.squareMetres)")
        #expect(gap.closedInto.isEmpty)
        #expect(Self.near(gap.lon, Self.lon0 + 50.5 / (Self.metrePerDegree * cos(Self.lat0 * .pi / 180)), 1e-6))
    }

    @Test func nothingIsReportedWhenTheGapIsWiderThanReportM() throws {
        let city = try runStage(Self.squares, config: Self.config(report: 0.8, close: 0))
        #expect(city.gaps.isEmpty && city.closed.isEmpty, "\(city.gaps)")
    }

    @Test func betweenTwoStylesTheGapGoesToTheHigherPriority() throws {
        let specs = [
            Self.zone("parking", [Self.box(0, 0, 50, 50)]), Self.zone("no-parking", [Self.box(51, 0, 101, 50)]),
        ]
        let city = try runStage(specs, config: Self.config(close: 2, priority: ["no-parking", "parking"]))
        let noParking = try #require(city.group("no-parking")).geometry
        let parking = try #require(city.group("parking")).geometry
        #expect(Self.close(sphericalArea(noParking), 2550), "\(sphericalArea(noParking))")
        #expect(Self.close(sphericalArea(parking), 2500))
        #expect(city.closed.map(\.group) == [["paris", "no-parking"]])
        // No overlap between the two outputs.
        let context = try GEOSContext()
        #expect(
            try !noParking.makeGEOSGeometry(context: context).interiorsIntersect(
                parking.makeGEOSGeometry(context: context)))
    }

    @Test func withOverlapsAllowedBothStylesTakeTheGap() throws {
        let specs = [
            Self.zone("parking", [Self.box(0, 0, 50, 50)]), Self.zone("no-parking", [Self.box(51, 0, 101, 50)]),
        ]
        let city = try runStage(specs, config: Self.config(close: 2, priority: nil))
        for style in ["parking", "no-parking"] {
            let g = try #require(city.group(style)).geometry
            #expect(Self.close(sphericalArea(g), 2550), "\(style): \(sphericalArea(g))")
        }
    }

    /// Four zones round a 10 m courtyard, each 1 m from the next (a pinwheel), so the courtyard
    /// opens to the outside through four 1 m slits.
    static let pinwheel = [
        zone("parking", [box(0, 0, 19, 9)]), zone("parking", [box(20, 0, 30, 19)]),
        zone("parking", [box(11, 20, 30, 30)]), zone("parking", [box(0, 10, 10, 30)]),
    ]

    @Test func aTenMetreCourtyardIsNeverFilledWhileTheSlitsAroundItClose() throws {
        let city = try runStage(Self.pinwheel, config: Self.config(close: 3))
        let parking = try #require(city.group("parking")).geometry
        #expect(parking.polygonCount == 1, "the four slits are closed")
        #expect(parking.ringCount == 2, "the courtyard is a hole")
        let hole = sphericalRingArea(parking, ring: 1)
        #expect(Self.near(abs(hole), 10 * 11, 2), "courtyard \(hole) m²")
        // The slits: 1 × 9, 1 × 10, 1 × 10, 1 × 10 m.
        #expect(Self.near(city.closed.reduce(0) { $0 + $1.squareMetres }, 39, 1.5), "\(city.closed)")
    }

    @Test func aCourtyardInsideOneZoneIsNeverFilled() throws {
        let specs = [Self.zone("parking", [Self.box(0, 0, 30, 30), Self.box(10, 10, 20, 20).reversedRing()])]
        let city = try runStage(specs, config: Self.config(close: 3))
        let parking = try #require(city.group("parking")).geometry
        #expect(parking.ringCount == 2)
        #expect(city.closed.isEmpty && city.gaps.isEmpty)
    }

    @Test func aBayOfOneZoneIsNotAGap() throws {
        // A U: a 1 m wide, 20 m deep bay inside one feature faces no other feature.
        let u = [
            [0.0, 0], [21, 0], [21, 30], [11, 30], [11, 10], [10, 10], [10, 30], [0, 30], [0, 0],
        ]
        let kx = Self.metrePerDegree * cos(Self.lat0 * .pi / 180)
        let ring = u.flatMap { [Self.lon0 + $0[0] / kx, Self.lat0 + $0[1] / Self.metrePerDegree] }
        let city = try runStage([Self.zone("parking", [ring])], config: Self.config(close: 3))
        #expect(city.closed.isEmpty && city.gaps.isEmpty)
    }

    /// The pieces' hull: Andrew's monotone chain, counter-clockwise, no repeats, as the two-chain
    /// form writes it, on few points with repeats and collinear runs (small integer coordinates).
    @Test func convexHullMatchesTheTwoChainForm() {
        func twoChains(_ points: [Point]) -> [Point] {
            let p = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
            guard p.count >= 3 else { return p }
            func chain(_ q: [Point]) -> [Point] {
                var c: [Point] = []
                for x in q {
                    while c.count >= 2, (c[c.count - 1] - c[c.count - 2]).cross(x - c[c.count - 2]) <= 0 {
                        c.removeLast()
                    }
                    c.append(x)
                }
                return c
            }
            return Array(chain(p).dropLast() + chain(p.reversed()).dropLast())
        }
        var random = SeededRandom(seed: 5)
        for _ in 0..<5000 {
            let points = (0..<(1 + Int(random.next() % 6))).map { _ in
                Point(x: Double(random.next() % 4), y: Double(random.next() % 4))
            }
            let hull = convexHull(points).map { [$0.x, $0.y] }
            #expect(hull == twoChains(points).map { [$0.x, $0.y] }, "\(points)")
        }
    }
}

extension Array where Element == Double {
    /// A flat ring [x0, y0, x1, y1, …] walked the other way round.
    func reversedRing() -> [Double] {
        stride(from: count - 2, through: 0, by: -2).flatMap { [self[$0], self[$0 + 1]] }
    }
}
