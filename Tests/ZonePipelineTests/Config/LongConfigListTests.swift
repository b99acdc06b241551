import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// `keep:` and `styles.keys` of 200,000 entries: read, checked for duplicates and used by the
/// build in time that grows linearly (it was quadratic: over 50 s). bench/config-lists.sh
/// times the release binary; this test only has to finish where the quadratic code did not.
@Suite struct LongConfigListTests {
    static let count = 200_000

    static func yaml(_ list: String, duplicateAt: Int? = nil) -> String {
        var names = (0..<count).map { "k\($0)" }
        if let duplicateAt { names[duplicateAt] = names[0] }
        let items = names.map { "  - \($0)\n" }.joined()
        return list == "keep"
            ? "keep:\n" + items : "styles:\n  keys:\n" + items.replacingOccurrences(of: "  - ", with: "    - ")
    }

    @Test(
        "a list of 200,000 keys is read, and a duplicate near its end is found at its line",
        .tags(.slow),
        arguments: ["keep", "styles.keys"])
    func longListsReadInLinearTime(list: String) throws {
        let clock = ContinuousClock()
        var config: PipelineConfig?
        let elapsed = try clock.measure { config = try PipelineConfig.parse(yaml: Self.yaml(list), file: "p.yml") }
        let read = try #require(config)
        #expect(list == "keep" ? read.keep.count == Self.count : read.styles.keys.count == Self.count)
        #expect(elapsed < .seconds(30), "\(elapsed)")
        #expect(throws: ConfigError.self) {
            try PipelineConfig.parse(yaml: Self.yaml(list, duplicateAt: Self.count - 1), file: "p.yml")
        }
        do {
            _ = try PipelineConfig.parse(yaml: Self.yaml(list, duplicateAt: Self.count - 1), file: "p.yml")
        } catch {
            let header = list == "keep" ? 1 : 2
            #expect(error.location.line == header + Self.count)
            #expect(error.message == "duplicate entry \"k0\"")
        }
    }

    @Test("features are checked, grouped and styled against 200,000 style keys and kept properties")
    func buildWithLongLists() throws {
        var config = PipelineConfig.default
        config.keep = (0..<Self.count).map { "k\($0)" } + ["name"]
        config.styles.keys = (0..<Self.count).map { "s\($0)" } + ["pattern"]
        let feature = { (name: String, x: Int) in
            #"{"type":"Feature","properties":{"city":"c","style":"p","name":"\#(name)","pattern":"dots","k7":1},"#
                + #""geometry":{"type":"Polygon","coordinates":[[[\#(x),0],[\#(x + 1),0],[\#(x + 1),1],[\#(x),1],[\#(x),0]]]}}"#
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("long-lists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = #"{"type":"FeatureCollection","features":["# + feature("a", 0) + "," + feature("b", 2) + "]}"
        try text.write(to: dir.appendingPathComponent("z.geojson"), atomically: true, encoding: .utf8)
        config.zones = [dir.path]
        let outcome = try BuildPipeline(config: config, jobs: 1).run(
            configBytes: [], revision: nil, previousVersion: nil)
        let output = try #require(outcome.output)
        #expect(output.report.features.read == 2 && output.report.features.built == 2)
        // The group's kept properties, in `keep` order, and the differing name reported.
        #expect(outcome.diagnostics.contains { $0.message.hasPrefix("kept property \"name\" is \"b\" here but \"a\"") })
        let table = try #require(output.files.first { $0.path.hasPrefix("styles/") })
        let styles = String(decoding: try Gzip.decompress(table.bytes), as: UTF8.self)
        #expect(styles.contains(#""pattern":"dots""#), "\(styles)")
    }
}
