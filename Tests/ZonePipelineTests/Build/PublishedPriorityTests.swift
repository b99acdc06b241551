import Foundation
import Testing

@testable import ZonePipeline

/// The manifest's `priority`: the styles as the overlay ranked them, for clients that have no
/// pipeline.yml (lookup's border ties, the MapLibre style's layer order).
@Suite struct PublishedPriorityTests {
    func zones(_ styles: [String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("priority-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let features = styles.enumerated().map { i, style in
            #"{"type":"Feature","properties":{"city":"rome","style":"\#(style)"},"geometry":{"type":"Polygon","coordinates":[[[\#(i),0],[\#(i + 1),0],[\#(i + 1),1],[\#(i),1],[\#(i),0]]]}}"#
        }
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        try text.write(to: dir.appendingPathComponent("rome.geojson"), atomically: false, encoding: .utf8)
        return dir
    }

    func manifest(_ overlaps: OverlapPolicy, styles: [String]) throws -> Manifest {
        let dir = try zones(styles)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try buildZones([dir.path], config: PipelineConfig(overlaps: overlaps))
        return try #require(outcome.output?.manifest, "\(outcome.diagnostics)")
    }

    @Test func listedStylesFirstThenTheOthersByName() throws {
        let built = try manifest(.priority(["slow", "missing", "slow"]), styles: ["parking", "slow", "no-parking"])
        #expect(built.priority == ["slow", "no-parking", "parking"])
        let json = String(decoding: try built.jsonBytes(), as: UTF8.self)
        #expect(json.contains(#""priority" : ["#))
    }

    @Test func absentWhenZonesKeepTheirOverlaps() throws {
        let built = try manifest(.allow, styles: ["parking", "slow"])
        #expect(built.priority == nil)
        #expect(!String(decoding: try built.jsonBytes(), as: UTF8.self).contains("priority"))
    }

    @Test func absentWhenTheStyleIsNotAGroupKey() {
        var config = PipelineConfig(overlaps: .priority(["slow"]))
        config.groupBy = ["city"]
        #expect(config.stylePriority(of: ["parking", "slow"]) == nil)
    }
}
