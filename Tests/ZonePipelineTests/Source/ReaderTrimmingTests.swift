import Testing
import ZoneFormats

@testable import ZonePipeline

/// `GeoJSONReader.read(_:keeping:)`: properties limited to the keys the pipeline reads as each
/// feature is read, equal sets sharing one copy; the findings are those of a full read.
@Suite struct ReaderTrimmingTests {
    static let text = #"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"name":"A","city":"rome","style":"p","n":1},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
        {"type":"Feature","properties":{"city":"rome","name":"B","style":"p"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,0]]]}},
        {"type":"Feature","properties":{"city":"oslo","style":"p","extra":[1,{"x":null}]},"geometry":null},
        {"type":"Feature","properties":null,"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}
        ]}
        """#

    @Test func propertiesAreTrimmedAndSharedAsRead() {
        let source = SourceText(path: "t.geojson", bytes: Array(Self.text.utf8))
        let full = GeoJSONReader.read(source)
        let trimmed = GeoJSONReader.read(source, keeping: ["city", "style"])
        #expect(trimmed.features.count == 4)
        #expect(trimmed.diagnostics == full.diagnostics)
        #expect(
            trimmed.features.map(\.properties.keys) == [["city", "style"], ["city", "style"], ["city", "style"], []])
        for (t, f) in zip(trimmed.features, full.features) {
            #expect(t.properties.members.allSatisfy { m in f.properties[m.key] == m.value })
            #expect(t.geometry == f.geometry && t.location == f.location)
        }
        // The two rome features kept equal sets: one copy.
        #expect(trimmed.features[0].properties.storageIdentity == trimmed.features[1].properties.storageIdentity)
        #expect(full.features[0].properties.keys == ["name", "city", "style", "n"])
    }

    /// Keeping nothing (a build reading features again) skips the properties without building
    /// them; the geometry and the findings are those of a full read.
    @Test func keepingNothingSkipsThePropertiesAndReadsTheSameGeometry() {
        let source = SourceText(path: "t.geojson", bytes: Array(Self.text.utf8))
        let full = GeoJSONReader.read(source)
        let none = GeoJSONReader.read(source, keeping: [])
        #expect(none.diagnostics == full.diagnostics)
        #expect(none.features.map(\.properties.keys) == [[], [], [], []])
        #expect(none.features.map(\.geometry) == full.features.map(\.geometry))
        #expect(none.features.map(\.location) == full.features.map(\.location))
    }

    /// Members not kept are checked as a full read checks them, unbuilt: a repeated name among
    /// them or inside one of their values is the same error at the same place, and a kept set
    /// keeps its source order.
    @Test(arguments: [
        #"{"name":"A","city":"x","name":"B"}"#,
        #"{"city":"x","extra":{"a":1,"a":2}}"#,
        #"{"extra":[{"b":1,"b":1}],"city":"x"}"#,
        #"{"style":"s","bad":"\q","city":"x"}"#,
        #"{"style":"s","n":01,"city":"x"}"#,
        #"{"style":"s","k":1,"city":"x","style":"t"}"#,
    ])
    func membersNotKeptAreCheckedAsAFullReadChecksThem(properties: String) {
        let text =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":"# + properties
            + #","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}]}"#
        let source = SourceText(path: "t.geojson", bytes: Array(text.utf8))
        let full = GeoJSONReader.read(source)
        let trimmed = GeoJSONReader.read(source, keeping: ["city", "style"])
        #expect(!full.diagnostics.isEmpty)
        #expect(trimmed.diagnostics == full.diagnostics, "\(properties)")
        #expect(trimmed.features.count == full.features.count)
    }

    @Test func keptMembersKeepTheirSourceOrder() {
        let text =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"style":"s","x":{"y":[1]},"city":"c","z":null},"geometry":null}]}"#
        let trimmed = GeoJSONReader.read(
            SourceText(path: "t.geojson", bytes: Array(text.utf8)), keeping: ["city", "style"])
        #expect(trimmed.features.first?.properties.keys == ["style", "city"])
    }

    /// `skipUnbuilt` stops where parsing the value stops, and rejects what is not JSON.
    @Test(arguments: [
        #"{"a":{"b":[1,2.5e3,{"c":"}]\"{"}],"d":null},"e":[],"f":{},"g":"\u00e9\\"} ,"#,
        #"[[[]],[{}],"]",-0.5,true,false,null]x"#,
        #""plain" ]"#,
        #"  -12.75e-2,"#,
    ])
    func skippingStopsWhereParsingStops(text: String) throws {
        let bytes = Array(text.utf8)
        let (parsedTo, skippedTo) = try bytes.withUnsafeBufferPointer { buf throws(ReadError) in
            var parse = JSONScanner(buf)
            _ = try parse.parseValue()
            var skip = JSONScanner(buf)
            try skip.skipUnbuilt()
            return (parse.pos, skip.pos)
        }
        #expect(skippedTo == parsedTo)
        #expect(skippedTo < bytes.count)
    }

    @Test(arguments: [#"{"a":1"#, #"{"a" 1}"#, #"[1,]"#, #"{"a":01}"#, #"[1 2]"#, #"{"a":"x}"#, #"{1:2}"#])
    func skippingRejectsWhatIsNotJSON(text: String) {
        let bytes = Array(text.utf8)
        let threw = bytes.withUnsafeBufferPointer { buf in
            var skip = JSONScanner(buf)
            do throws(ReadError) {
                try skip.skipUnbuilt()
                return false
            } catch { return true }
        }
        #expect(threw, "\(text)")
    }
}
