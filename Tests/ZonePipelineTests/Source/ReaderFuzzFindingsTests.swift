import Foundation
import Testing

@testable import ZonePipeline

/// Defects found by mutating zone files: types that are not RFC 7946's, and member names
/// written with escapes.
@Suite struct ReaderFuzzFindingsTests {
    static let square = #"[[[0,0],[1,0],[1,1],[0,1],[0,0]]]"#

    @Test(
        "an empty or unknown \"type\" is an error at its position, at the top level, on a feature and on a geometry",
        arguments: [
            (#"{"type": ""}"#, "1:10: error: unknown GeoJSON type \"\""),
            (
                #"{"type":"FeatureCollection","features":[{"type": "", "properties": {}, "geometry": null}]}"#,
                "1:50: error: unknown GeoJSON type \"\""
            ),
            (
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"","coordinates":"#
                    + square + "}}]}",
                "1:94: error: unknown geometry type \"\""
            ),
            (
                #"{"type":"Feature","properties":{},"geometry":{"type":"polygon","coordinates":"# + square + "}}",
                "1:54: error: unknown geometry type \"polygon\""
            ),
            (#"{"type": 7}"#, "1:10: error: \"type\" must be a string, found a number"),
        ])
    func typesThatAreNotRFC7946s(document: String, expected: String) {
        let r = readGeoJSON(document)
        #expect(r.diagnostics.map(positioned) == [expected])
    }

    @Test("member names are compared after unescaping: t\\u0079pe is type, co\\u006frdinates is coordinates")
    func escapedMemberNames() throws {
        let text =
            #"{"t\u0079pe":"FeatureCollection","f\u0065atures":[{"t\u0079pe":"Feature","pr\u006Fperties":{"city":"x"},"#
            + #""g\u0065ometry":{"type":"Polyg\u006fn","co\u006frdinates":"# + Self.square + "}}]}"
        let r = readGeoJSON(text)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics.map(positioned))")
        let feature = try #require(r.features.first)
        #expect(feature.properties["city"] == .string("x"))
        #expect(feature.geometry?.positionCount == 5)
        // A name given twice, once escaped, is a duplicate.
        let twice = readGeoJSON(#"{"type":"Feature","t\u0079pe":"Feature","properties":{},"geometry":null}"#)
        #expect(twice.diagnostics.map(positioned) == ["1:19: error: duplicate key \"type\" in object"])
    }

    @Test("an object with many foreign members is read in linear time")
    func manyForeignMembers() {
        let members = (0..<100_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let text = #"{"type":"Feature","properties":{},"geometry":null,"# + members + "}"
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(readGeoJSON(text).features.count == 1) }
        #expect(elapsed < .seconds(10), "\(elapsed)")  // quadratic took minutes; generous for debug builds
    }
}
