import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// A tolerance the real cities are simplified with, named for test ids.
struct SimplifyTolerance: CustomTestStringConvertible, Sendable, Hashable {
    var metres: Double
    var testDescription: String { "\(metres) m" }
    static let all = [SimplifyTolerance(metres: 1), SimplifyTolerance(metres: 2)]
}

/// The real cities built with simplification, each compared with the same city built without.
enum SimplifiedRealCities {
    static let grid = 1e-6
    /// One grid cell in metres (north–south; less east–west).
    static let cellMetres = grid * MetricSketch.metresPerDegree

    static func config(_ tolerance: SimplifyTolerance) -> PipelineConfig {
        var config = RealCityConfig.listed.config
        config.simplify = SimplifyConfig(toleranceM: tolerance.metres)
        return config
    }

    static let oneMetre = build(SimplifyTolerance(metres: 1))
    static let twoMetres = build(SimplifyTolerance(metres: 2))

    static func results(_ tolerance: SimplifyTolerance) throws -> [String: CityResult] {
        try (tolerance.metres == 1 ? oneMetre : twoMetres).get()
    }

    static func build(_ tolerance: SimplifyTolerance) -> Result<[String: CityResult], any Error> {
        Result {
            Dictionary(
                uniqueKeysWithValues: try buildZones([RealCities.directory.path], config: config(tolerance), jobs: 2)
                    .cities.map { ($0.city, $0) })
        }
    }
}

/// Issue "Geometry II" (simplification): the 42 real cities at 1 m and 2 m against the same
/// build without simplification (``RealCities/listedResults``). Everything is measured here, in
/// a metric frame of the test's own, with GEOS and a discrete Hausdorff distance of the test's
/// own; nothing relies on what the stage reports about itself.
@Suite struct SimplifyRealCitiesTests {
    @Test(.tags(.slow), arguments: SimplifyTolerance.all, RealCities.names)
    func simplifiedCityIsValidSmallerAndKeepsSharedBorders(tolerance: SimplifyTolerance, city: String) throws {
        let before = try #require(try RealCities.results(.listed)[city])
        let after = try #require(try SimplifiedRealCities.results(tolerance)[city])
        #expect(!after.diagnostics.hasErrors, "\(after.errors.prefix(5))")
        #expect(
            !after.warnings.contains { $0.message.contains("simplify:") }, "a fallback was taken: \(after.warnings)")
        // Same features, each valid, on the grid, wound and boxed.
        #expect(after.groups.map(\.key) == before.groups.map(\.key))
        let context = try GEOSContext()
        for group in after.groups {
            let problems = try outputProblems(group, precision: 6, context: context)
            #expect(problems.isEmpty, "\(problems.prefix(5))")
        }
        // Fewer vertices than without simplification.
        let verticesBefore = before.groups.reduce(0) { $0 + $1.geometry.positionCount }
        let verticesAfter = after.groups.reduce(0) { $0 + $1.geometry.positionCount }
        #expect(verticesAfter < verticesBefore)

        // In metres around the city's centre.
        let sketch = MetricSketch(centreOf: before.groups.map(\.geometry))
        let b = before.groups.map { sketch.metres($0.geometry) }
        let a = after.groups.map { sketch.metres($0.geometry) }
        let t = tolerance.metres

        // Neighbouring styles do not overlap.
        for i in a.indices {
            for j in a.indices where j > i {
                let overlap = try overlapArea(a[i], a[j], context: context)
                #expect(overlap <= 1e-6, "\(after.groups[i].key) and \(after.groups[j].key) overlap by \(overlap) m²")
            }
        }
        // No gap opens between neighbours: what was covered, away from the city's outer edge
        // (which simplification moves by up to the tolerance), is still covered.
        let unionBefore = try geosUnion(b, context: context)
        let unionAfter = try geosUnion(a, context: context)
        let gap = try unionBefore.buffer(-(t + 0.2)).difference(unionAfter).area()
        #expect(gap <= 1, "\(gap) m² of gaps between neighbours")
        // Covered area changes only along the outer edge, by at most the tolerance there.
        let band = try unionBefore.boundary().length() * (t + SimplifiedRealCities.cellMetres)
        let lost = try unionBefore.difference(unionAfter).area()
        let added = try unionAfter.difference(unionBefore).area()
        #expect(lost <= band && added <= band, "lost \(lost) m², added \(added) m², band \(band) m²")

        // Every border moved at most the tolerance plus a grid cell.
        for (g, group) in after.groups.enumerated() {
            let d = discreteHausdorff(b[g], a[g], searchRadius: t + 1)
            #expect(d <= t + SimplifiedRealCities.cellMetres, "\(group.key): a border moved \(d) m")
            // The stage's own report agrees (it bounds the deviation from above; frames differ by 0.2 %).
            #expect(
                d <= group.hausdorffM * 1.002 + 1e-3 && group.hausdorffM <= t * 1.0001,
                "\(group.key): reported \(group.hausdorffM) m, measured \(d) m")
            #expect(group.verticesBeforeSimplify == before.groups[g].geometry.positionCount)
            #expect(group.verticesAfterSimplify == group.geometry.positionCount)
        }
    }

    /// Visvalingam on a few cities: same guarantees, by another elimination order.
    @Test(.tags(.slow), arguments: ["berlin", "charlotte", "los-angeles-county", "zurich-city"])
    func visvalingamKeepsTheSameGuarantees(city: String) throws {
        let path = RealCities.directory.appendingPathComponent("\(city).geojson").path
        var config = SimplifiedRealCities.config(SimplifyTolerance(metres: 2))
        config.simplify.method = .visvalingam
        let after = try #require(try buildZones([path], config: config).cities.first)
        let before = try #require(try RealCities.results(.listed)[city])
        #expect(!after.diagnostics.hasErrors && !after.warnings.contains { $0.message.contains("simplify:") })
        let context = try GEOSContext()
        let sketch = MetricSketch(centreOf: before.groups.map(\.geometry))
        let a = after.groups.map { sketch.metres($0.geometry) }
        for (g, group) in after.groups.enumerated() {
            #expect(try geosInvalidity(group.geometry, context: context) == nil)
            #expect(
                discreteHausdorff(sketch.metres(before.groups[g].geometry), a[g], searchRadius: 3) <= 2
                    + SimplifiedRealCities.cellMetres)
            for j in a.indices where j > g { #expect(try overlapArea(a[g], a[j], context: context) <= 1e-6) }
        }
        #expect(
            after.groups.reduce(0) { $0 + $1.geometry.positionCount }
                < before.groups.reduce(0) { $0 + $1.geometry.positionCount })
    }

    /// Simplified builds with 1 and 2 threads, and twice in a row, agree exactly.
    @Test(.tags(.slow)) func simplifiedResultsAreDeterministic() throws {
        let files = ["bari", "copenhagen", "paris", "portland", "rome-rioni", "sydney"]
        let paths = files.map { RealCities.directory.appendingPathComponent("\($0).geojson").path }
        let config = SimplifiedRealCities.config(SimplifyTolerance(metres: 2))
        let runs = try [1, 2, 2].map { try buildZones(paths, config: config, jobs: $0).cities }
        #expect(runs[0].map(\.city) == files)
        for run in runs.dropFirst() {
            for (a, b) in zip(runs[0], run) {
                #expect(a.groups.map(\.geometry) == b.groups.map(\.geometry), "\(a.city): coordinates differ")
                #expect(a.groups.map(\.hausdorffM) == b.groups.map(\.hausdorffM))
                #expect(a.diagnostics == b.diagnostics)
            }
        }
        // And simplification did something in each city.
        let unsimplified = try buildZones(paths, config: RealCityConfig.listed.config, jobs: 2).cities
        for (a, b) in zip(runs[0], unsimplified) {
            #expect(
                a.groups.reduce(0) { $0 + $1.geometry.positionCount }
                    < b.groups.reduce(0) { $0 + $1.geometry.positionCount }, "\(a.city)")
        }
    }

    /// A real city's zones as the repair tests simplify them: their arcs on the build's grid, in
    /// the local frame of their extent.
    static func topology(of city: String) throws -> (ArcTopology, LocalFrame) {
        let groups = try #require(try RealCities.results(.listed)[city]).groups.map(\.geometry)
        let boxes = groups.compactMap { BoundingBox($0) }
        let frame = LocalFrame(box: boxes.dropFirst().reduce(try #require(boxes.first)) { $0.union($1) })
        return (ArcTopology(groups: groups, frame: frame, snapGrid: SimplifiedRealCities.grid), frame)
    }

    /// The repair's later rounds search only what the round before changed; on every real city,
    /// simplified at 2 m and 10 m, that ends with the same vertices kept after the same number
    /// of rounds as searching everything each round.
    @Test(.tags(.slow)) func theIncrementalRepairKeepsWhatTheFullSearchKeeps() throws {
        var laterRounds = 0
        for city in RealCities.names {
            let (topology, frame) = try Self.topology(of: city)
            for metres in [2.0, 10.0] {
                var full = ArcSimplification(
                    topology, method: .douglasPeucker, tolerance: frame.tolerance(metres: metres))
                var incremental = full
                let fullRounds = full.repair(clearance: SimplifiedRealCities.grid, incremental: false)
                let rounds = incremental.repair(clearance: SimplifiedRealCities.grid)
                #expect(rounds == fullRounds, "\(city) at \(metres) m")
                let sameKept = incremental.kept == full.kept
                #expect(sameKept, "\(city) at \(metres) m")
                laterRounds += max(0, (rounds ?? 0) - 1)
            }
        }
        #expect(laterRounds >= 20, "the later rounds were exercised \(laterRounds) times")
    }

    /// A repair told what changed since the last one (``ArcSimplification/repair(clearance:maxRounds:incremental:after:)``,
    /// as the simplification's hold on its tolerance calls it) keeps what a full search keeps: on
    /// every real city at 10 m, repaired, then a vertex restored in every third shortcut.
    @Test(.tags(.slow)) func aRepairAfterRestorationsKeepsWhatTheFullSearchKeeps() throws {
        var restorations = 0
        for city in RealCities.names {
            let (topology, frame) = try Self.topology(of: city)
            var repaired = ArcSimplification(topology, method: .douglasPeucker, tolerance: frame.tolerance(metres: 10))
            #expect(repaired.repair(clearance: SimplifiedRealCities.grid) != nil, "\(city)")
            var changed = [Bool](repeating: false, count: topology.arcs.count)
            var vertices: [Int32] = []
            for (n, s) in repaired.currentSegments().filter(\.isShortcut).enumerated() where n % 3 == 0 {
                guard let k = repaired.mostSignificantRemoved(arc: s.arc, between: s.first, and: s.last) else {
                    continue
                }
                repaired.kept[s.arc][k] = true
                changed[s.arc] = true
                vertices.append(topology.arcs[s.arc][k])
            }
            restorations += vertices.count
            var full = repaired
            var told = repaired
            let fullRounds = full.repair(clearance: SimplifiedRealCities.grid, incremental: false)
            #expect(fullRounds != nil, "\(city)")
            #expect(told.repair(clearance: SimplifiedRealCities.grid, after: (changed, vertices)) != nil, "\(city)")
            let sameKept = told.kept == full.kept
            #expect(sameKept, "\(city)")
        }
        #expect(restorations >= 100, "\(restorations) vertices restored")
    }
}
