import Foundation
import TestSupport
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// No path drops a feature without a finding: every feature read is built or refused with a
/// reason, or the build stops with an error.
@Suite struct FeatureAccountTests {
    /// Feature texts of every shape a zone file may hold, good and bad.
    static func variant(_ n: Int, x: Int) -> String {
        let ring = "[[\(x),0],[\(x + 1),0],[\(x + 1),1],[\(x),1],[\(x),0]]"
        let props = #"{"city":"c\#(x % 3)","style":"s\#(x % 2)"}"#
        switch n {
        case 0:
            return #"{"type":"Feature","properties":\#(props),"geometry":{"type":"Polygon","coordinates":[\#(ring)]}}"#
        case 1: return #"{"type":"Feature","properties":\#(props),"geometry":null}"#
        case 2: return #"{"type":"Feature","properties":\#(props),"geometry":{"type":"","coordinates":[\#(ring)]}}"#
        case 3: return #"{"type":"","properties":\#(props),"geometry":{"type":"Polygon","coordinates":[\#(ring)]}}"#
        case 4: return #"{"type":"Feature","properties":\#(props),"geometry":{"type":"Point","coordinates":[\#(x),0]}}"#
        case 5:
            return
                #"{"t\u0079pe":"Feature","properties":\#(props),"geometry":{"type":"MultiPolygon","co\u006frdinates":[[\#(ring)]]}}"#
        case 6: return #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[\#(ring)]}}"#
        case 7: return #"{"type":"Feature","properties":\#(props),"geometry":{"type":"MultiPolygon","coordinates":[]}}"#
        case 8: return #"{"type":"Feature","properties":\#(props),"geometry":{"type":"Polygon","coordinates":[]}}"#
        case 9:
            return
                #"{"type":"Feature","properties":\#(props),"geometry":{"type":"GeometryCollection","geometries":[]}}"#
        case 10:
            return
                #"{"type":"Feature","properties":{"city":"c0"},"geometry":{"type":"Polygon","coordinates":[\#(ring)]}}"#
        case 11:  // far below the output grid: collapses
            return
                #"{"type":"Feature","properties":\#(props),"geometry":{"type":"Polygon","coordinates":[[[\#(x),0],[\#(x).0000001,0],[\#(x).0000001,0.0000001],[\#(x),0]]]}}"#
        default:
            return
                #"{"type":"Feature","properties":\#(props),"geometry":{"type":"Polygon","coordinates":[[[\#(x),0],[\#(x + 1),1],[\#(x + 1),0],[\#(x),1],[\#(x),0]]]}}"#
        }
    }

    @Test(
        "random mixes of good and bad features: read = built + refused, each refusal with its reason, or the build stops with an error"
    )
    func noFeatureVanishes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("account-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SeededRandom(seed: 13)
        var built = 0
        var refusedSeen = 0
        var stopped = 0
        for round in 0..<60 {
            // Mostly good and null features (the builds that go through), sometimes a bad one.
            let picks = (0..<8).map { _ -> Int in
                let roll = Int.random(in: 0..<100, using: &rng)
                return roll < 55 ? 0 : roll < 80 ? [1, 11, 12][roll % 3] : Int.random(in: 2...10, using: &rng)
            }
            let text =
                #"{"type":"FeatureCollection","features":["#
                + picks.enumerated().map { Self.variant($1, x: 2 * $0) }.joined(separator: ",\n") + "]}"
            let file = dir.appendingPathComponent("r\(round).geojson")
            try text.write(to: file, atomically: true, encoding: .utf8)
            var config = PipelineConfig.default
            config.zones = [file.path]
            let outcome = try BuildPipeline(config: config, jobs: 1).run(
                configBytes: [], revision: nil, previousVersion: nil)
            guard let output = outcome.output else {
                #expect(outcome.diagnostics.hasErrors, "round \(round): no output and no error")
                stopped += 1
                continue
            }
            let account = output.report.features
            #expect(account.read == picks.count, "round \(round) \(picks)")
            #expect(account.built + account.refused.count == account.read)
            #expect(account.built == output.report.cities.reduce(0) { $0 + $1.inputFeatures })
            for refusal in account.refused { #expect(!refusal.reasons.isEmpty, "round \(round): \(refusal)") }
            // Lines are features here (one per line): each refused line was not a good square.
            for refusal in account.refused { #expect(picks[refusal.line - 1] != 0, "round \(round): \(refusal)") }
            built += 1
            refusedSeen += account.refused.count
        }
        #expect(
            built > 10 && stopped > 10 && refusedSeen > 5, "built \(built), stopped \(stopped), refused \(refusedSeen)")
    }

    @Test("a feature in no group with no finding at its position stops the build with an error there")
    func anUnexplainedDropIsAnError() {
        struct Fact: FeatureFacts {
            var id: JSONValue? = nil
            var properties = JSONObject()
            var location: ZoneFormats.SourceLocation
            var hasGeometry = true
        }
        let features = [
            Fact(location: ZoneFormats.SourceLocation(file: "a", line: 1, column: 1)),
            Fact(location: ZoneFormats.SourceLocation(file: "a", line: 2, column: 1)),
        ]
        let cities = [CityGroups(city: "c", groups: [FeatureGroup(key: ["c"], members: [0])])]
        let (account, unexplained) = FeatureAccount.make(features, cities: cities, diagnostics: [])
        #expect(account.read == 2 && account.built == 1 && account.refused.count == 1)
        #expect(
            unexplained.map { $0.description } == [
                "a:2:1: error: the feature was read but is in no artifact, and no finding says why (please report this zonectl bug)"
            ])
        let explained = FeatureAccount.make(
            features, cities: cities,
            diagnostics: [.warning(ZoneFormats.SourceLocation(file: "a", line: 2, column: 1), "why")])
        #expect(explained.unexplained.isEmpty)
        #expect(explained.account.refused.first?.reasons == ["why"])
    }
}
