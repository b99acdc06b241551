import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline
@testable import ZonePoints

/// Golden pairs, one folder per pipeline stage and case, for a reviewer to read:
/// `Fixtures/golden/<stage>/<case>/in.geojson` goes through the stage and must give the case's
/// `out.*` byte for byte. A case's `pipeline.yml`, when it has one, is the configuration
/// (otherwise the defaults); it turns the other stages off where they would blur the one shown.
///
/// Stages (the folder names):
/// - `validate`: the findings of `zonectl validate`'s checks (scan and feature account), one a
///   line (`out.txt`);
/// - `merge`, `simplify`, `overlay`, `antimeridian`: the geometry stage run by the build driver,
///   each (city, style) group as one Feature a line, with its group keys as properties
///   (`out.geojson`);
/// - `styles`: the style table the build publishes, one style a line (`out.json`);
/// - `points`: the clusterer's Features of every zoom of each city of the case's point layer,
///   in the order it makes them (max_zoom down to 0), one a line (`out.geojson`).
///
/// Regenerate after an intended change, then read the diff:
/// `ZONECTL_UPDATE_GOLDEN=1 swift test --filter GoldenTests` writes every `out.*` anew. Without
/// it the test only compares, and fails on any difference.
@Suite struct GoldenTests {
    static let root = PipelineTestPaths.fixtures.appendingPathComponent("golden")
    static let stages = ["validate", "merge", "simplify", "overlay", "antimeridian", "styles", "points"]
    static let updating = ProcessInfo.processInfo.environment["ZONECTL_UPDATE_GOLDEN"] == "1"

    /// Every `<stage>/<case>` folder, sorted.
    static let cases: [String] = {
        let files = FileManager.default
        return stages.flatMap { stage in
            let names = (try? files.contentsOfDirectory(atPath: root.appendingPathComponent(stage).path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(stage)/\($0)" }
        }
    }()

    @Test func everyStageHasACase() {
        for stage in Self.stages {
            #expect(Self.cases.contains { $0.hasPrefix(stage + "/") }, "no case in golden/\(stage)")
        }
    }

    @Test(arguments: cases)
    func stageGivesTheGoldenOutput(_ name: String) throws {
        let dir = Self.root.appendingPathComponent(name)
        let input = dir.appendingPathComponent("in.geojson").path
        let yml = dir.appendingPathComponent("pipeline.yml").path
        let config =
            FileManager.default.fileExists(atPath: yml) ? try PipelineConfig.load(path: yml) : PipelineConfig.default
        let stage = String(name.split(separator: "/")[0])
        let (file, actual): (String, String)
        switch stage {
        case "validate": (file, actual) = ("out.txt", try Self.findings(input, config, folder: dir.path))
        case "styles": (file, actual) = ("out.json", try Self.styleTable(input, config))
        case "points": (file, actual) = ("out.geojson", try Self.clusters(input, config))
        default: (file, actual) = ("out.geojson", try Self.groups(input, config))
        }
        let out = dir.appendingPathComponent(file)
        if Self.updating {
            try actual.write(to: out, atomically: true, encoding: .utf8)
            return
        }
        let expected = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        if actual != expected {
            Issue.record(
                "golden/\(name)/\(file) differs (ZONECTL_UPDATE_GOLDEN=1 rewrites it): \(Self.firstDifference(expected, actual))"
            )
        }
    }

    /// The findings of the checks `zonectl validate` runs, paths relative to the case folder.
    static func findings(_ input: String, _ config: PipelineConfig, folder: String) throws -> String {
        let checked = try checkZones([input], config: config)
        return checked.diagnostics.map { "\($0)".replacingOccurrences(of: folder + "/", with: "") + "\n" }.joined()
    }

    /// The geometry stage through the build driver: each city's groups, in city then key order.
    static func groups(_ input: String, _ config: PipelineConfig) throws -> String {
        let outcome = try buildZones([input], config: config)
        #expect(!outcome.diagnostics.hasErrors, "\(outcome.diagnostics)")
        let format = FixedPointFormat(precision: config.precision)
        var lines: [String] = []
        for city in outcome.cities.sorted(by: { $0.city < $1.city }) {
            for group in city.groups {
                var bytes: [UInt8] = []
                let feature = OutputFeature(properties: group.properties, geometry: group.geometry, bbox: group.bbox)
                GeoJSONWriter.appendFeature(feature, format: format, to: &bytes)
                lines.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        return collection(lines)
    }

    /// The style table of the input's features, as the build publishes it.
    static func styleTable(_ input: String, _ config: PipelineConfig) throws -> String {
        let read = GeoJSONReader.read(try SourceText(contentsOf: input))
        #expect(!read.diagnostics.hasErrors, "\(read.diagnostics)")
        let table = StyleExtraction(config: config).table(for: read.features)
        let lines = table.styles.map { style in
            var bytes: [UInt8] = []
            JSONValue.string(style.name).appendJSON(to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            JSONValue.object(style.properties).appendJSON(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// The clusterer's Features of zooms max_zoom...0 for each city of the first point layer,
    /// read from `input`.
    static func clusters(_ input: String, _ config: PipelineConfig) throws -> String {
        var config = config
        try #require(!config.points.isEmpty, "the case's pipeline.yml has no point layer")
        config.points[0].source = [input]
        let layer = config.points[0]
        let (cities, diagnostics) = try PointBuild(config: config, jobs: 1).read()
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        var lines: [String] = []
        for (_, points) in cities[0] {
            let writer = PointFeatureWriter(points: points, sumNames: layer.sum, precision: config.precision)
            PointClusterer(layer).run(points) { z, level in
                for i in 0..<level.itemCount {
                    var bytes: [UInt8] = []
                    writer.append(level, i, zoom: z, to: &bytes)
                    lines.append(String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        return collection(lines)
    }

    /// A FeatureCollection with one Feature a line.
    static func collection(_ features: [String]) -> String {
        "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
    }

    /// The first line where `expected` and `actual` differ, both shown.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, a.count) where i >= e.count || i >= a.count || e[i] != a[i] {
            let want = i < e.count ? String(e[i]) : "(end of file)"
            let got = i < a.count ? String(a[i]) : "(end of output)"
            return "line \(i + 1):\n  expected: \(want)\n  actual:   \(got)"
        }
        return "no line differs"
    }
}
