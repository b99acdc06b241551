import Foundation
import Testing
import ZoneClient

/// The MapLibre style's zone layers, on a manifest and style table made here (MapLibre draws
/// it in zonectlTests' StyleCommandTests and StyleCacheRenderTests).
@Suite struct MapLibreStyleBuilderTests {
    static let base = URL(string: "https://cdn.example/zones")!

    func build(
        _ manifest: ZoneManifest? = nil, priority: [String]? = nil, table: String = MapFixtures.tableJSON
    ) throws -> MapLibreStyle {
        try MapLibreStyleBuilder(
            manifest: manifest ?? MapFixtures.manifest(), styles: MapFixtures.table(table),
            sources: .baseURL(Self.base), priority: priority
        ).style()
    }

    @Test func aSourcePerCityAtTheBaseURLPlusItsKey() throws {
        let style = try build()
        #expect(style.version == 8)
        #expect(style.name == "zonectl zones 20261123T220000Z")
        #expect(style.sources.keys.sorted() == ["paris", "rome"])
        #expect(style.sources["paris"]?.data == "https://cdn.example/zones/zones/paris/\(MapFixtures.a64).geojson.gz")
        #expect(style.metadata["zonectl:manifest"] == "https://cdn.example/zones/manifest.json")
        #expect(style.metadata["zonectl:version"] == "20261123T220000Z")
    }

    /// Every style a city uses gets a fill then a line layer, filtered on the artifact's
    /// `style` property; the paint is the table's, with simplestyle defaults where absent.
    @Test func fillAndLineLayersFromTheStyleTable() throws {
        let layers = try build().layers
        #expect(layers.count == 8)
        let fill = try #require(layers.first { $0.id == "paris/no-parking/fill" })
        #expect(fill.paint == .fill(color: "#fdae61", opacity: 0.5))
        #expect(
            fill.filter == [.string("=="), .expression([.string("get"), .string("style")]), .string("no-parking")])
        #expect(fill.metadata == ["zonectl:city": "paris", "zonectl:style": "no-parking"])
        #expect(fill.source == "paris")
        let line = try #require(layers.first { $0.id == "paris/no-parking/line" })
        #expect(line.paint == .line(color: "#D7191C", width: 3, opacity: 0.9))
        let defaults = try #require(layers.first { $0.id == "rome/parking/line" })
        #expect(defaults.paint == .line(color: "#555555", width: 2, opacity: 1))
        #expect(layers.first { $0.id == "rome/slow/fill" }?.paint == .fill(color: "#abc", opacity: 0.25))
        #expect(!layers.contains { $0.id.hasPrefix("rome/no-parking") })
    }

    /// Lowest priority first: listed styles last in list order reversed, the others by name
    /// reversed before them (the overlay ranks unlisted styles by name, after the listed). The
    /// manifest's priority wins over the one given for manifests without it.
    @Test func layersInDrawOrderLowestPriorityFirst() throws {
        let expected = [
            "paris/parking/fill", "paris/parking/line", "rome/parking/fill", "rome/parking/line",
            "rome/slow/fill", "rome/slow/line", "paris/no-parking/fill", "paris/no-parking/line",
        ]
        #expect(try build(priority: ["no-parking", "slow"]).layers.map(\.id) == expected)
        let published = try MapFixtures.manifest(priority: ["no-parking", "slow"])
        #expect(try build(published, priority: ["parking"]).layers.map(\.id) == expected)
        let byName = try build().layers.filter { $0.type == .fill }.map(\.id)
        #expect(byName == ["rome/slow/fill", "paris/parking/fill", "rome/parking/fill", "paris/no-parking/fill"])
    }

    @Test func sameInputsSameBytesWithSortedKeys() throws {
        let a = try build().jsonBytes()
        #expect(a == (try build().jsonBytes()))
        #expect(a.last == 0x0A)
        let text = String(decoding: a, as: UTF8.self)
        let keys = ["\"layers\"", "\"metadata\"", "\"name\"", "\"sources\"", "\"version\""].map {
            text.range(of: $0)?.lowerBound
        }
        #expect(keys.allSatisfy { $0 != nil })
        #expect(keys.compactMap { $0 } == keys.compactMap { $0 }.sorted())
        #expect(text.contains("\"fill-color\" : \"#fdae61\""))
        #expect(text.contains("\"data\" : \"https://cdn.example/zones/zones/paris/"), "slashes unescaped")
    }

    @Test(arguments: [
        "ftp://host/x", "/just/a/path", "https://cdn.example/?sig=1", "http:///nohost", "https://cdn.example/#top",
        "https://user:secret@cdn.example/",
    ])
    func badBaseURLsAreRefused(_ text: String) throws {
        let url = try #require(URL(string: text))
        let error = #expect(throws: ZoneClientError.self) {
            try MapLibreStyleBuilder(
                manifest: MapFixtures.manifest(), styles: MapFixtures.table(), sources: .baseURL(url))
        }
        #expect(error?.description.hasPrefix("base URL ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("secret") == false)
        #expect(throws: ZoneClientError.self) { try MapLibreSources.checkedBaseURL(text) }
    }

    @Test func aBaseURLGetsOneTrailingSlashAndMessagesTheLabelGiven() throws {
        for text in ["http://127.0.0.1:8080", "http://127.0.0.1:8080/"] {
            let style = try MapLibreStyleBuilder(
                manifest: MapFixtures.manifest(), styles: MapFixtures.table(),
                sources: MapLibreSources.checkedBaseURL(text)
            ).style()
            #expect(style.metadata["zonectl:manifest"] == "http://127.0.0.1:8080/manifest.json")
        }
        let error = #expect(throws: ZoneClientError.self) {
            try MapLibreSources.checkedBaseURL("s3://b/p", shownAs: "--base-url s3://b/p")
        }
        #expect(error == .mapLibreStyle("--base-url s3://b/p: expected an absolute http:// or https:// URL"))
    }

    /// Colours go to MapLibre as the table writes them.
    @Test func coloursMapLibreParsesAreKeptAsWritten() throws {
        let layers = try build(
            table: #"{"no-parking":{"fill":"red","stroke":"rgb(0 0 0 / 50%)"},"#
                + ##""parking":{"fill":"hsla(120, 50%, 40%, 0.5)","stroke":"#0a0b0c80"},"slow":{}}"##
        ).layers
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
        let error = #expect(throws: ZoneClientError.self) { try build(table: #"{"parking":{}}"#) }
        #expect(error == .mapLibreStyle(#"style "slow" is used by a city but not in styles/x.json.gz"#))
    }

    /// `zonectl style --out` replaces only what this recognises.
    @Test func aStyleItWroteIsRecognised() throws {
        #expect(MapLibreStyle.isWrittenByZonectl(try build().jsonBytes()))
        for other in [
            #"{"version":8,"layers":[]}"#, #"{"version":7,"metadata":{"zonectl:manifest":"m","zonectl:version":"v"}}"#,
            #"{"version":8,"metadata":{"zonectl:manifest":"m","zonectl:version":1}}"#,
            #"{"version":8,"metadata":{"zonectl:manifest":"m","zonectl:version":"v"}} ]"#, "", "not json",
        ] {
            #expect(!MapLibreStyle.isWrittenByZonectl(Array(other.utf8)), "\(other)")
        }
        #expect(
            MapLibreStyle.isWrittenByZonectl(
                Array(#" {"metadata":{"x":[1],"zonectl:version":"v","zonectl:manifest":"m"},"version":8} "#.utf8)))
    }
}
