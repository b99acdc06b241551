import Foundation
import Testing
import ZoneClient

/// The MapLibre style's point layers, on a manifest with point layers made here.
@Suite struct MapLibreStylePointsTests {
    static let glyphs = "https://fonts.example/{fontstack}/{range}.pbf"

    func build(_ points: [String]?, glyphs: String? = nil) throws -> MapLibreStyle {
        try MapLibreStyleBuilder(
            manifest: MapFixtures.manifest(points: points), styles: MapFixtures.table(),
            sources: .baseURL(URL(string: "https://cdn.example/s")!), glyphs: glyphs
        ).style()
    }

    static func zEquals(_ z: MapLibreStyle.FilterTerm) -> MapLibreStyle.FilterTerm {
        .expression([.string("=="), .expression([.string("get"), .string("z")]), z])
    }

    static let floorZoom = MapLibreStyle.FilterTerm.expression([.string("floor"), .expression([.string("zoom")])])

    @Test func aSourcePerLayerAndCityOnItsBandFile() throws {
        let style = try build([
            MapFixtures.pointLayer("cars", cities: ["paris", "rome"]),
            MapFixtures.pointLayer("stations", cities: ["rome"]),
        ])
        #expect(
            style.sources.keys.sorted() == [
                "paris", "points/cars/paris", "points/cars/rome", "points/stations/rome", "rome",
            ])
        #expect(
            style.sources["points/cars/rome"]?.data
                == "https://cdn.example/s/points/cars/rome/\(MapFixtures.b64).geojson.gz")
        // No metatile is a source: zooms above the band are the client's to load.
        #expect(!style.sources.values.contains { $0.data.contains("/13/") })
    }

    /// Above the zones; clusters and single points filtered on `cluster` and `z` == floor(zoom),
    /// hidden from bandMaxZoom + 1; no label layer and no glyphs without glyphs.
    @Test func circleLayersAboveTheZonesFilteredByZ() throws {
        let style = try build([MapFixtures.pointLayer("cars", cities: ["paris"])])
        #expect(style.glyphs == nil)
        let ids = style.layers.map(\.id)
        #expect(Array(ids.suffix(2)) == ["points/cars/paris/clusters", "points/cars/paris/points"])
        #expect(ids.count == 10)
        let clusters = try #require(style.layers.first { $0.id == "points/cars/paris/clusters" })
        #expect(clusters.type == .circle)
        #expect(clusters.source == "points/cars/paris")
        #expect(clusters.maxzoom == 13)
        #expect(clusters.metadata == ["zonectl:city": "paris", "zonectl:points": "cars"])
        #expect(
            clusters.filter == [
                .string("all"),
                .expression([.string("=="), .expression([.string("get"), .string("cluster")]), .bool(true)]),
                Self.zEquals(Self.floorZoom),
            ])
        guard case .circle(let color, let radius, _, _) = clusters.paint else {
            Issue.record("cluster paint \(clusters.paint)")
            return
        }
        #expect(color == MapLibreStyleBuilder.clusterColor)
        guard case .expression(let step) = radius else {
            Issue.record("cluster radius \(radius)")
            return
        }
        #expect(step.prefix(2) == [.string("step"), .expression([.string("get"), .string("point_count")])])
        let points = try #require(style.layers.first { $0.id == "points/cars/paris/points" })
        #expect(
            points.filter[1]
                == .expression([.string("!="), .expression([.string("get"), .string("cluster")]), .bool(true)]))
        #expect(points.maxzoom == 13)
        #expect(!style.layers.contains { $0.type == .symbol })
    }

    @Test func countLabelsOnlyWithGlyphs() throws {
        let style = try build([MapFixtures.pointLayer("cars", cities: ["paris", "rome"])], glyphs: Self.glyphs)
        #expect(style.glyphs == Self.glyphs)
        let labels = style.layers.filter { $0.type == .symbol }
        #expect(labels.map(\.id) == ["points/cars/paris/count", "points/cars/rome/count"])
        let count = try #require(labels.first)
        #expect(
            count.layout
                == .symbol(textField: .expression([.string("get"), .string("point_count_abbreviated")]), textSize: 12))
        #expect(count.filter == style.layers.first { $0.id == "points/cars/paris/clusters" }?.filter)
        #expect(count.maxzoom == 13)
        // No point layers: no glyphs in the style even when given.
        #expect(try build(nil, glyphs: Self.glyphs).glyphs == nil)
    }

    /// extent 256: MapLibre's zoom m shows the clusters of z m + 1, so the band ends a zoom
    /// earlier; a layer within the band clamps z to maxZoom and has no maxzoom.
    @Test func zoomOffsetForOtherExtentsAndClampWithinTheBand() throws {
        let half = try #require(try build([MapFixtures.pointLayer("cars", extent: 256, cities: ["paris"])]).layers.last)
        #expect(half.maxzoom == 12)
        #expect(
            half.filter.last
                == Self.zEquals(
                    .expression([
                        .string("floor"), .expression([.string("+"), .expression([.string("zoom")]), .number(1)]),
                    ])))
        let low = try #require(try build([MapFixtures.pointLayer("cars", maxZoom: 8, cities: ["paris"])]).layers.last)
        #expect(low.maxzoom == nil)
        #expect(low.filter.last == Self.zEquals(.expression([.string("min"), Self.floorZoom, .number(8)])))
    }

    @Test func sameInputsSameBytesAndTheJSONMapLibreReads() throws {
        let layers = [MapFixtures.pointLayer("cars", cities: ["paris", "rome"])]
        let a = try build(layers, glyphs: Self.glyphs).jsonBytes()
        #expect(a == (try build(layers, glyphs: Self.glyphs).jsonBytes()))
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.contains("\"maxzoom\" : 13"), "\(text)")
        #expect(text.contains("\"glyphs\" : \"https://fonts.example/{fontstack}/{range}.pbf\""))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(a)) as? [String: Any])
        let styleLayers = try #require(object["layers"] as? [[String: Any]])
        let clusters = try #require(styleLayers.first { $0["id"] as? String == "points/cars/paris/clusters" })
        // Numbers and booleans stay JSON numbers and booleans (not strings), whole numbers unsuffixed.
        let filter = try #require(clusters["filter"] as? [Any])
        #expect((filter[1] as? [Any])?.last as? Bool == true)
        #expect(text.contains("\"point_count\"\n"), "the step input")
        #expect(!text.contains("12.0"))
        let paint = try #require(clusters["paint"] as? [String: Any])
        #expect(paint["circle-color"] as? String == MapLibreStyleBuilder.clusterColor)
        let label = try #require(styleLayers.first { $0["id"] as? String == "points/cars/rome/count" })
        #expect((label["layout"] as? [String: Any])?["text-allow-overlap"] as? Bool == true)
    }

    @Test(arguments: [
        "fonts.example/{fontstack}/{range}.pbf", "https://fonts.example/{range}.pbf", "https://f.example/x",
        "https://me:secret@fonts.example/{fontstack}/{range}.pbf",
    ])
    func badGlyphsAreRefused(_ glyphs: String) {
        let error = #expect(throws: ZoneClientError.self) { try build(nil, glyphs: glyphs) }
        #expect(error?.description.hasPrefix("glyphs ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("secret") == false)
    }

    /// A layer entry without what the style needs makes the manifest unreadable for it.
    @Test func aPointLayerWithoutItsZoomsIsRefused() throws {
        let entry = MapFixtures.pointLayer("cars", cities: ["paris"]).replacingOccurrences(
            of: #""bandMaxZoom":12,"#, with: "")
        let error = #expect(throws: ZoneClientError.self) { try build([entry]) }
        #expect(error == .badManifest(#"point layer "cars": no bandMaxZoom"#))
    }
}
