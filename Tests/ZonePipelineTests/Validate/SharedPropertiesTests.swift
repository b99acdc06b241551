import Testing
import ZoneFormats

@testable import ZonePipeline

/// The rules and the grouping look each properties storage up once (features share a few: the
/// reader gives equal sets of a file one storage) and a feature with its predecessor's
/// storage not at all: shared and repeated storages, interleaved, give what one look at every
/// feature gives.
@Suite struct SharedPropertiesTests {
    static func properties(_ city: String, _ style: String, stroke: String) -> JSONObject {
        JSONObject([("city", .string(city)), ("style", .string(style)), ("stroke", .string(stroke))])
    }

    static func summary(_ n: Int, _ properties: JSONObject) -> FeatureSummary {
        FeatureSummary(
            id: nil, properties: properties, location: SourceLocation(file: "z.geojson", line: n + 1, column: 1),
            hasGeometry: true, isValid: true, positionCount: 4, offset: 0, byteCount: 0, checksum: 0, digest: .zero)
    }

    // One storage each, shared by every feature that has it.
    let parking = properties("rome", "parking", stroke: "#00ff00")
    let conflicting = properties("rome", "parking", stroke: "#ff0000")
    let slow = properties("oslo", "slow", stroke: "#0000ff")

    var features: [FeatureSummary] {
        [parking, parking, conflicting, parking, slow, slow, conflicting, parking, slow].enumerated().map {
            Self.summary($0.offset, $0.element)
        }
    }

    @Test func everyFeatureWithConflictingValuesIsFound() {
        let config = PipelineConfig.default
        let found = PipelineRules(config: config).check(features)
        #expect(found.map(\.location.line) == [3, 7])
        #expect(found.allSatisfy { $0.message.contains("one style name must have one set of style values") })
    }

    @Test func groupsHoldEachFeatureOnce() {
        let cities = Grouping.group(features, by: ["city", "style"])
        #expect(cities.map(\.city) == ["oslo", "rome"])
        #expect(cities[0].groups.map(\.members) == [[4, 5, 8]])
        #expect(cities[1].groups.map(\.key) == [["rome", "parking"]])
        #expect(cities[1].groups[0].members == [0, 1, 2, 3, 6, 7])
    }
}
