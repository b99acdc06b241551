import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// The sample cities (`zones/`) with `gaps.close_m: 3`, checked independently with shapely
/// (Scripts/check_gaps.py): no sliver between two features survives a morphological closing of
/// the output coverage, and every hole of the input wider than 6 m survives.
@Suite(.tags(.python)) struct GapSampleCitiesTests {
    struct Report: Decodable {
        struct City: Decodable {
            var input: String
            var slivers: Int
            var longestResidueM: Double
            var wideHoles: Int
            var holesLost: [[Double]]
        }
        var cities: [City]
    }

    @Test func theSampleCitiesHaveNoSliverLeftAndKeepTheirHoles() throws {
        let zones = PipelineTestPaths.root.appendingPathComponent("zones")
        let config = PipelineConfig(simplify: SimplifyConfig(toleranceM: 0), gaps: GapsConfig(reportM: 2, closeM: 3))
        let outcome = try buildZones([zones.path], config: config, jobs: 2)
        #expect(!outcome.diagnostics.hasErrors)
        #expect(outcome.cities.count == 7)
        let report = try #require(outcome.output?.report)
        // Every city closes something (the samples are hand-drawn), and reports what it closes.
        #expect(Set(report.closed.map(\.city)).count == 7, "\(report.closed)")
        #expect(report.gaps.allSatisfy { $0.features.count >= 2 && $0.minWidthM < 2 && $0.squareMetres > 0 })

        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var arguments = ["3"]
        for city in outcome.cities.sorted(by: { $0.city < $1.city }) {
            let output = dir.appendingPathComponent("\(city.city).geojson")
            try geoJSONFeatureCollection(city).write(to: output, atomically: false, encoding: .utf8)
            arguments += [zones.appendingPathComponent("\(city.city).geojson").path, output.path]
        }
        let script = PipelineTestPaths.scripts.appendingPathComponent("check_gaps.py")
        let run = try runProcess(PipelineTestPaths.python, [script.path] + arguments)
        try #require(run.status == 0, "check_gaps.py: \(run.stderr)")
        let checked = try JSONDecoder.fromSnakeCase.decode(Report.self, from: Data(run.stdout.utf8))
        #expect(checked.cities.count == 7)
        for city in checked.cities {
            #expect(city.slivers == 0, "\(city.input): \(city.slivers) slivers, longest \(city.longestResidueM) m")
            #expect(city.holesLost.isEmpty, "\(city.input): holes filled \(city.holesLost)")
        }
        #expect(checked.cities.reduce(0) { $0 + $1.wideHoles } > 0, "the samples have courtyards to keep")
    }
}
