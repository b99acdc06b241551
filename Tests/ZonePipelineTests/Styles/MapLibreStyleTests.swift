import Foundation
import Testing

@testable import ZonePipeline

/// `zonectl style`'s generation, on a manifest and style table made here (rendering is tested
/// end to end in zonectlTests' StyleCommandTests).
@Suite struct MapLibreStyleTests {
    static func city(_ id: String, _ styles: [String]) -> Manifest.CityEntry {
        Manifest.CityEntry(
            id: id, key: "zones/\(id)/\(String(repeating: "a", count: 64)).geojson.gz", sha256: "", bytes: 0,
            encodedBytes: 0, contentType: "application/geo+json", contentEncoding: "gzip", bbox: [0, 0, 1, 1],
            features: styles.count, vertices: 0, styles: styles)
    }

    static let manifest = Manifest(
        schema: 1, version: "20261123T220000Z", previous: nil, generatedAt: "2026-11-23T22:00:00Z",
        source: .init(revision: nil, configHash: ""),
        styles: .init(key: "styles/x.json.gz", sha256: "", bytes: 0, encodedBytes: 0),
        cities: [city("paris", ["parking", "no-parking"]), city("rome", ["slow", "parking"])])

    static let table = StyleTable(styles: [
        (
            "no-parking",
            JSONObject([
                ("stroke", .string("#D7191C")), ("stroke-width", .number(3)), ("stroke-opacity", .number(0.9)),
                ("fill", .string("#fdae61")), ("fill-opacity", .number(0.5)),
            ])
        ),
        ("parking", JSONObject([("fill", .string("#1a9641"))])),
        ("slow", JSONObject([("fill", .string("#abc")), ("fill-opacity", .number(0.25))])),
    ])

    func build(_ overlaps: OverlapPolicy = .priority([]), table: StyleTable = table) throws -> MapLibreStyle {
        try MapLibreStyleBuilder(
            manifest: Self.manifest, styles: table, baseURL: "https://cdn.example/zones", overlaps: overlaps
        ).style()
    }

    @Test func aSourcePerCityAtTheBaseURLPlusItsKey() throws {
        let style = try build()
        #expect(style.version == 8)
        #expect(style.sources.keys.sorted() == ["paris", "rome"])
        #expect(
            style.sources["paris"]?.data
                == "https://cdn.example/zones/zones/paris/\(String(repeating: "a", count: 64)).geojson.gz")
        #expect(style.metadata["zonectl:manifest"] == "https://cdn.example/zones/manifest.json")
    }

    /// Every style a city uses gets a fill then a line layer, filtered on the artifact's
    /// `style` property; the paint is the table's, with simplestyle defaults where absent.
    @Test func fillAndLineLayersFromTheStyleTable() throws {
        let layers = try build().layers
        #expect(layers.count == 8)
        #expect(!layers.contains { $0.type.rawValue == "background" })
        let fill = try #require(layers.first { $0.id == "paris/no-parking/fill" })
        #expect(fill.paint == .fill(color: "#fdae61", opacity: 0.5))
        #expect(
            fill.filter == [.string("=="), .expression([.string("get"), .string("style")]), .string("no-parking")])
        #expect(fill.metadata == ["zonectl:city": "paris", "zonectl:style": "no-parking"])
        let line = try #require(layers.first { $0.id == "paris/no-parking/line" })
        #expect(line.paint == .line(color: "#D7191C", width: 3, opacity: 0.9))
        let defaults = try #require(layers.first { $0.id == "rome/parking/line" })
        #expect(defaults.paint == .line(color: "#555555", width: 2, opacity: 1))
        #expect(layers.first { $0.id == "rome/slow/fill" }?.paint == .fill(color: "#abc", opacity: 0.25))
        #expect(!layers.contains { $0.id.hasPrefix("rome/no-parking") })
    }

    /// Lowest priority first: listed styles last in list order reversed, the others by name
    /// reversed before them (the overlay ranks unlisted styles by name, after the listed).
    @Test func layersInDrawOrderLowestPriorityFirst() throws {
        let order = try build(.priority(["no-parking", "slow"])).layers.map(\.id)
        #expect(
            order == [
                "paris/parking/fill", "paris/parking/line", "rome/parking/fill", "rome/parking/line",
                "rome/slow/fill", "rome/slow/line", "paris/no-parking/fill", "paris/no-parking/line",
            ])
        let byName = try build().layers.filter { $0.type == .fill }.map(\.id)
        #expect(byName == ["rome/slow/fill", "paris/parking/fill", "rome/parking/fill", "paris/no-parking/fill"])
    }

    @Test func sameInputsSameBytesWithSortedKeys() throws {
        let a = try build().jsonBytes()
        #expect(a == (try build().jsonBytes()))
        let text = String(decoding: a, as: UTF8.self)
        let keys = ["\"layers\"", "\"metadata\"", "\"name\"", "\"sources\"", "\"version\""].map {
            text.range(of: $0)?.lowerBound
        }
        #expect(keys.allSatisfy { $0 != nil })
        #expect(keys.compactMap { $0 } == keys.compactMap { $0 }.sorted())
        #expect(text.contains("\"fill-color\" : \"#fdae61\""))
    }

    @Test(arguments: ["ftp://host/x", "not a url", "/just/a/path", "https://cdn.example/?sig=1", "http:///nohost"])
    func badBaseURLsAreRefused(_ url: String) {
        #expect(throws: MapLibreStyleError.self) {
            try MapLibreStyleBuilder(manifest: Self.manifest, styles: Self.table, baseURL: url, overlaps: .allow)
        }
    }

    @Test func aBaseURLGetsOneTrailingSlash() throws {
        let a = try MapLibreStyleBuilder(
            manifest: Self.manifest, styles: Self.table, baseURL: "http://127.0.0.1:8080", overlaps: .allow)
        let b = try MapLibreStyleBuilder(
            manifest: Self.manifest, styles: Self.table, baseURL: "http://127.0.0.1:8080/", overlaps: .allow)
        #expect(a.baseURL == "http://127.0.0.1:8080/")
        #expect(b.baseURL == "http://127.0.0.1:8080/")
    }

    @Test(arguments: [
        ("fill", JSONValue.string("reddish")), ("stroke", .string("#12345")), ("fill-opacity", .number(1.5)),
        ("stroke-width", .number(-1)), ("stroke-opacity", .string("0.5")),
    ])
    func badStyleValuesNameTheStyleAndKey(_ key: String, _ value: JSONValue) throws {
        let table = StyleTable(styles: [
            ("no-parking", JSONObject([(key, value)])), ("parking", JSONObject()), ("slow", JSONObject()),
        ])
        let error = #expect(throws: MapLibreStyleError.self) { try build(table: table) }
        // The rule validation and the build apply, word for word.
        let problem = try #require(StyleValueRule.problem(key: key, value: value))
        #expect(error?.message == "style \"no-parking\": \(problem)")
    }

    @Test func coloursMapLibreParsesAreKeptAsWritten() throws {
        let table = StyleTable(styles: [
            ("no-parking", JSONObject([("fill", .string("red")), ("stroke", .string("rgb(0 0 0 / 50%)"))])),
            ("parking", JSONObject([("fill", .string("hsla(120, 50%, 40%, 0.5)")), ("stroke", .string("#0a0b0c80"))])),
            ("slow", JSONObject()),
        ])
        let layers = try build(table: table).layers
        #expect(layers.first { $0.id == "paris/no-parking/fill" }?.paint == .fill(color: "red", opacity: 0.6))
        #expect(
            layers.first { $0.id == "paris/no-parking/line" }?.paint
                == .line(color: "rgb(0 0 0 / 50%)", width: 2, opacity: 1))
        #expect(
            layers.first { $0.id == "rome/parking/fill" }?.paint
                == .fill(color: "hsla(120, 50%, 40%, 0.5)", opacity: 0.6))
        #expect(layers.first { $0.id == "rome/parking/line" }?.paint == .line(color: "#0a0b0c80", width: 2, opacity: 1))
    }

    @Test func aStyleMissingFromTheTableIsAnError() {
        let table = StyleTable(styles: [("parking", JSONObject())])
        #expect(throws: MapLibreStyleError.self) { try build(table: table) }
    }
}
