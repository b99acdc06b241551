import Foundation
import FuzzHarness
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// The fuzz directory of the repository (Tests/ZonePipelineTests/Fuzz/FuzzRegressionTests.swift → Fuzz/).
private let fuzzDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz")

/// The files of Fuzz/`folder` (not dot files, not README.md), relative to Fuzz/, sorted.
private func inputs(_ folder: String) -> [String] {
    let names =
        (try? FileManager.default.contentsOfDirectory(atPath: fuzzDirectory.appendingPathComponent(folder).path)) ?? []
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { "\(folder)/\($0)" }
}

private func bytes(_ input: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fuzzDirectory.appendingPathComponent(input)))
}

/// Every input a fuzz target ever crashed on (Fuzz/regressions/<target>/, see scripts/fuzz.sh),
/// and every seed of Fuzz/corpus/, replayed through the functions the fuzz targets call
/// (FuzzHarness, with its invariants): each must come back with a result, never crash. A
/// regression input must also give a finding or a feature (crashes came from broken input).
@Suite struct FuzzRegressionTests {
    @Test func theFoldersAreThere() {
        #expect(inputs("corpus/geojson").count >= 40)
        #expect(inputs("corpus/config").count >= 10)
        #expect(inputs("corpus/geometry").count >= 10)
        #expect(FileManager.default.fileExists(atPath: fuzzDirectory.appendingPathComponent("regressions").path))
    }

    @Test(arguments: inputs("regressions/geojson") + inputs("corpus/geojson"))
    func geoJSON(_ input: String) throws {
        let zones = try bytes(input).withUnsafeBufferPointer { FuzzHarness.geoJSON($0, context: try GEOSContext()) }
        if input.hasPrefix("regressions/") {
            #expect(!zones.diagnostics.isEmpty || !zones.features.isEmpty, "\(input): no finding and no feature")
        }
    }

    @Test(arguments: inputs("regressions/geometry") + inputs("corpus/geometry"))
    func geometry(_ input: String) throws {
        let zones = try bytes(input).withUnsafeBufferPointer { FuzzHarness.geometry($0, context: try GEOSContext()) }
        if input.hasPrefix("regressions/") {
            #expect(!zones.diagnostics.isEmpty || !zones.features.isEmpty, "\(input): no finding and no feature")
        }
    }

    @Test(arguments: inputs("regressions/config") + inputs("corpus/config"))
    func config(_ input: String) throws {
        let result = try bytes(input).withUnsafeBufferPointer { FuzzHarness.config($0, context: try GEOSContext()) }
        if case .failure(let error) = result {
            #expect(error.kind != .io && error.location.line >= 1 && error.location.column >= 1, "\(error)")
        }
    }
}
