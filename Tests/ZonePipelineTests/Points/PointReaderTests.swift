import Foundation
import Testing
import ZoneFormats
import ZonePoints

@testable import ZoneGeometry
@testable import ZonePipeline

/// The point reader's fast path (features read straight from the bytes) against its generic
/// path (a `JSONValue` tree per feature): the same points, ids, properties and findings.
@Suite struct PointReaderTests {
    func read(_ text: String, fast: Bool, layer: PointLayerConfig = PointFixtures.layer) -> PointReader.FileResult {
        var reader = PointReader(layer: layer)
        reader.usesFastPath = fast
        return reader.read(SourceText(path: "p.geojson", bytes: Array(text.utf8)))
    }

    /// Everything a read gives, as text.
    func summary(_ r: PointReader.FileResult) -> [String] {
        let findings = r.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        let points = r.groups.keys.sorted().flatMap { key in
            let set = r.groups[key]!
            return (0..<set.count).map { i in
                "\(key) \(set.longitude[i]) \(set.latitude[i]) [\(set.ids[i])] {\(String(decoding: set.kept(i), as: UTF8.self))}"
                    + " \(set.sums[i * set.sumCount..<(i + 1) * set.sumCount].map { $0 })"
            }
        }
        return findings + points
    }

    static let features = [
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5]},"properties":{"id":"a","city":"x","kind":"car","available":3}}"#,
        #"{"properties":{"city":"x"},"geometry":{"coordinates":[1.5,2.5,100],"type":"Point"},"type":"Feature","id":7}"#,
        #"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[1,2],[3,4,5]]},"properties":{"id":"m","city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[1,2]]},"properties":{"id":"one","city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[[1,2]]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[1,2]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,"2"]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2],"bbox":[1,2,1,2]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":null,"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,95]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[1,2],[190,2],[1,-91]]},"properties":{"city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","available":"3"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","available":null}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":""}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":12}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":null}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":"x"}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","id":3.5},"id":"f"}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x"},"id":"f","foo":[1]}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x\u0079","kind":{"a":[1]}}}"#,
        #"{"type":"Feat\u0075re","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x"}}"#,
        #"{"type":"Point","coordinates":[1,2]}"#,
        #"{}"#,
        #"[1,2]"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[ -0.0 , 2e1 ]},"properties":{"city":"x"}}"#,
        // Properties the fast path scans: escapes in values and names, nested and odd values, many names.
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","kind":"c\"a\u00e9r","id":"q"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"ci\u0074y":"x","kind":"car"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"été","kind":"vélo","available":2.50e0}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","kind":null,"available":-0}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","available":true}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","kind":[1,{"b":false}],"id":12.0}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","other":{"a":1,"a":2}}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","other":NaN}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","id":null},"id":"f"}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"#
            + (0..<17).map { #""k\#($0)":\#($0),"# }.joined() + #""city":"x"}}"#,
        #"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[1,2],[1,2]]},"properties":{"city":"x","kind":"k"},"id":5}"#,
    ]

    @Test func fastAndGenericPathsAgreeFeatureByFeature() {
        for feature in Self.features {
            let text = #"{"type":"FeatureCollection","features":[  "# + feature + "\n]}"
            let fast = summary(read(text, fast: true))
            #expect(fast == summary(read(text, fast: false)), "\(feature)")
            // Every feature gives a point or a finding, except a MultiPoint of no positions.
            #expect(!fast.isEmpty || feature.contains(#""MultiPoint","coordinates":[]"#), "\(feature)")
        }
        let all = #"{"type":"FeatureCollection","features":[  "# + Self.features.joined(separator: ",\n ") + "\n]}"
        #expect(summary(read(all, fast: true)) == summary(read(all, fast: false)))
    }

    /// A name with several roles (group_by, id, sum, keep at once) and a kept `z` (never written).
    @Test func namesWithSeveralRolesAgree() {
        let layer = PointLayerConfig(
            name: "l", source: [], groupBy: "id", keep: ["available", "z", "id", "kind"], sum: ["available", "z"])
        for feature in Self.features {
            let text =
                #"{"type":"FeatureCollection","features":[  "# + feature.replacingOccurrences(of: "city", with: "id")
                + "\n]}"
            #expect(
                summary(read(text, fast: true, layer: layer)) == summary(read(text, fast: false, layer: layer)),
                "\(feature)")
        }
        let z =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"a","z":3,"available":1}}]}"#
        let set = read(z, fast: true, layer: layer).groups["a"]!
        #expect(String(decoding: set.kept(0), as: UTF8.self) == #","available":1,"id":"a""#)
        #expect(set.sums == [1, 3])
    }

    @Test func syntaxErrorsAreTheGenericPathsOnes() {
        for feature in [
            #"{"type":"Feature","type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x","city":"y"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,02]},"properties":{"city":"x"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2],},"properties":{"city":"x"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"x"}"#,
        ] {
            let text = #"{"type":"FeatureCollection","features":["# + feature + "]}"
            let fast = read(text, fast: true)
            #expect(fast.diagnostics.count == 1 && fast.groups.isEmpty, "\(feature)")
            #expect(summary(fast) == summary(read(text, fast: false)), "\(feature)")
        }
    }
}
