import Testing

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
}
