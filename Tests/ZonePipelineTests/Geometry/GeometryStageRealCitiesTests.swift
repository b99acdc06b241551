import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// An overlap setting the real cities are built with, named for test ids. Simplification is
/// off: these tests hold the output to an unsimplified reference within the snapping band
/// (SimplifyRealCitiesTests checks simplified builds against these).
struct RealCityConfig: CustomTestStringConvertible, Sendable, Hashable {
    var name: String
    var priority: [String]
    var config: PipelineConfig {
        PipelineConfig(overlaps: .priority(priority), simplify: SimplifyConfig(toleranceM: 0))
    }
    var testDescription: String { name }

    static let listed = RealCityConfig(
        name: "priority [no-parking, slow-zone, service-area, parking]",
        priority: ["no-parking", "slow-zone", "service-area", "parking"])
    /// `PipelineConfig.default`: priority [] ranks every style by name.
    static let byDefault = RealCityConfig(name: "default (priority [])", priority: [])
    static let all = [listed, byDefault]
}

/// The 42 real cities, loaded once and built once per configuration, shared by the tests.
enum RealCities {
    static let directory = PipelineTestPaths.fixtures.appendingPathComponent("zones-real")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".geojson") }.map { String($0.dropLast(".geojson".count)) }.sorted()
    }()

    /// The corpus as `zonectl validate` checks it.
    static let zones: Result<BuildPipeline.Checked, SourceError> = Result { () throws(SourceError) in
        try BuildPipeline(config: .default, jobs: 2).check(paths: [directory.path])
    }

    /// Styles present in the input, per city.
    static let inputStyles: [String: Set<String>] = {
        guard case .success(let zones) = zones else { return [:] }
        var styles: [String: Set<String>] = [:]
        for f in zones.features where f.hasGeometry {
            if let city = f.properties["city"]?.stringValue, let style = f.properties["style"]?.stringValue {
                styles[city, default: []].insert(style)
            }
        }
        return styles
    }()

    static let listedResults = build(.listed)
    static let defaultResults = build(.byDefault)

    static func results(_ config: RealCityConfig) throws -> [String: CityResult] {
        try (config == .listed ? listedResults : defaultResults).get()
    }

    /// The corpus through the build driver, each city's geometry kept.
    static func build(_ config: RealCityConfig) -> Result<[String: CityResult], any Error> {
        Result {
            Dictionary(
                uniqueKeysWithValues: try buildZones([directory.path], config: config.config, jobs: 2).cities.map {
                    ($0.city, $0)
                })
        }
    }

    /// The shapely check over both configurations, run once.
    static let shapely: Result<ShapelyReport, ShapelyCheckFailure> = runShapelyCheck()

    static let pointsPerCity = 10_000

    static func runShapelyCheck() -> Result<ShapelyReport, ShapelyCheckFailure> {
        do {
            let dir = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            var runs: [[String: Any]] = []
            for (n, config) in RealCityConfig.all.enumerated() {
                var cities: [[String: Any]] = []
                for (city, result) in try results(config).sorted(by: { $0.key < $1.key }) {
                    let output = dir.appendingPathComponent("\(n)-\(city).geojson")
                    try geoJSONFeatureCollection(result).write(to: output, atomically: false, encoding: .utf8)
                    cities.append([
                        "city": city, "output": output.path,
                        "input": directory.appendingPathComponent("\(city).geojson").path,
                    ])
                }
                runs.append(["name": config.name, "priority": config.priority, "cities": cities])
            }
            let manifest = dir.appendingPathComponent("manifest.json")
            let manifestObject: [String: Any] = ["grid": 1e-6, "points": pointsPerCity, "runs": runs]
            try JSONSerialization.data(withJSONObject: manifestObject).write(to: manifest)
            let script = PipelineTestPaths.scripts.appendingPathComponent("check_geometry.py")
            let run = try runProcess(PipelineTestPaths.python, [script.path, manifest.path])
            guard run.status == 0 else {
                return .failure(ShapelyCheckFailure(message: "check_geometry.py exited \(run.status): \(run.stderr)"))
            }
            return .success(try JSONDecoder.fromSnakeCase.decode(ShapelyReport.self, from: Data(run.stdout.utf8)))
        } catch {
            return .failure(ShapelyCheckFailure(message: "\(error)"))
        }
    }
}

struct ShapelyCheckFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// What check_geometry.py prints.
struct ShapelyReport: Decodable, Sendable {
    var shapely: String
    var geos: String
    var makeValid: [String]
    var runs: [String: [String: ShapelyCityCheck]]
}

struct ShapelyCityCheck: Decodable, Sendable {
    var invalid: [String]
    var overlapM2: Double
    var overlaps: [String]
    var symdiffDeg2: Double
    var bandDeg2: Double
    var points: Int
    var inside: Int
    var referenceSeveral: Int
    var mismatches: Int
    var examples: [String]
}

/// Issue "Geometry I": the 42 real cities (real defects: invalid rings, overlaps between styles)
/// through the geometry stage, checked here and independently with shapely.
@Suite struct GeometryStageRealCitiesTests {
    @Test(.tags(.slow)) func corpusLoadsWithoutErrors() throws {
        let zones = try RealCities.zones.get()
        #expect(RealCities.names.count == 42)
        #expect(zones.files.count == 42)
        #expect(!zones.diagnostics.hasErrors, "\(zones.diagnostics.filter { $0.severity == .error }.prefix(5))")
        // The corpus has invalid features (README: 71): the stage's repair path is exercised.
        #expect(zones.features.filter { !$0.isValid }.count == 71)
    }

    @Test(.tags(.slow), arguments: RealCityConfig.all, RealCities.names)
    func outputIsValidGriddedWoundAndBoxed(config: RealCityConfig, city: String) throws {
        let result = try #require(try RealCities.results(config)[city], "no result for \(city)")
        #expect(!result.diagnostics.hasErrors, "\(result.errors.prefix(5))")

        // Exactly one feature per style present in the input.
        let keys = result.groups.map(\.key)
        #expect(keys.allSatisfy { $0.count == 2 && $0[0] == city })
        #expect(keys.map { $0[1] }.sorted() == (RealCities.inputStyles[city] ?? []).sorted())
        #expect(Set(keys).count == keys.count)

        let context = try GEOSContext()
        for group in result.groups {
            let problems = try outputProblems(group, precision: 6, context: context)
            #expect(problems.isEmpty, "\(problems.prefix(5))")
            #expect(group.properties["city"]?.stringValue == city)
            #expect(group.properties["style"]?.stringValue == group.key[1])
        }
    }

    @Test(.tags(.python), arguments: RealCityConfig.all, RealCities.names)
    func shapelyFindsOutputValidDisjointAndFaithful(config: RealCityConfig, city: String) throws {
        let report = try RealCities.shapely.get()
        let check = try #require(report.runs[config.name]?[city], "shapely checked no \(city) in \(config.name)")
        #expect(
            check.invalid.isEmpty, "shapely \(report.shapely) (GEOS \(report.geos)) finds invalid: \(check.invalid)")
        #expect(check.overlapM2 < 1, "styles overlap: \(check.overlaps)")
        // Point-in-polygon against the independent reference; the sample must be meaningful.
        #expect(check.points >= RealCities.pointsPerCity / 2, "only \(check.points) points kept")
        #expect(check.inside > 0)
        #expect(check.referenceSeveral == 0, "the reference's carve left overlaps")
        #expect(check.mismatches == 0, "\(check.mismatches) of \(check.points) points differ, e.g. \(check.examples)")
        #expect(
            check.symdiffDeg2 <= check.bandDeg2,
            "output and reference differ over \(check.symdiffDeg2) deg², more than the snapping band \(check.bandDeg2)"
        )
    }

    @Test(.tags(.python)) func shapelyReferenceRepairsWithTheStructureMethod() throws {
        let report = try RealCities.shapely.get()
        #expect(report.makeValid == ["structure"], "shapely \(report.shapely) repaired with \(report.makeValid)")
    }

    /// Cities (with repaired input among them) built with 1 and with 2 threads agree exactly.
    @Test(.tags(.slow)) func resultsDoNotDependOnTheNumberOfThreads() throws {
        let files = ["bari", "copenhagen", "las-vegas", "minneapolis", "paris", "portland", "rome-rioni", "sydney"]
        let paths = files.map { RealCities.directory.appendingPathComponent("\($0).geojson").path }
        let config = RealCityConfig.listed.config
        let one = try buildZones(paths, config: config, jobs: 1).cities
        let two = try buildZones(paths, config: config, jobs: 2).cities
        #expect(one.map(\.city) == files)
        #expect(two.map(\.city) == one.map(\.city))
        for (a, b) in zip(one, two) {
            #expect(a.groups.map(\.key) == b.groups.map(\.key), "\(a.city)")
            #expect(a.groups.map(\.geometry) == b.groups.map(\.geometry), "\(a.city): coordinates differ")
            #expect(a.groups.map(\.bbox) == b.groups.map(\.bbox))
            #expect(a.contested == b.contested, "\(a.city)")
            #expect(a.diagnostics == b.diagnostics, "\(a.city)")
        }
    }
}
