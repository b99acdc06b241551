import Foundation
import Testing
import ZoneClient

/// The MapLibre style of a client cache: `file://` sources on the decoded objects, which
/// MapLibre reads from disk (zonectlTests' StyleCacheRenderTests draws one).
@Suite struct MapLibreStyleCacheTests {
    static let table = ##"{"parking":{"fill":"#1a9641"},"no-parking":{"fill":"#fdae61"}}"##

    func cache(named name: String = "cache") throws -> URL {
        let directory = try TestCache.directory(name)
        try TestCache.write(
            in: directory, cities: [("paris", ZoneLayerTests.artifact), ("rome", ZoneLayerTests.artifact)],
            table: Self.table, priority: ["no-parking"])
        return directory
    }

    /// Each source is the file URL of the city's decoded artifact (percent-encoded: the folder
    /// here has a space), and the layers are those of the same manifest served over http.
    @Test func fileSourcesOnTheDecodedArtifacts() throws {
        let directory = try cache(named: "my cache")
        defer { TestCache.remove(directory) }
        let style = try MapLibreStyleBuilder(directory: directory).style()
        let manifest = try DirectoryStore(root: directory.path).manifest()
        #expect(style.sources.count == 2)
        for city in manifest.cities {
            let data = try #require(style.sources[city.id]?.data)
            #expect(data.hasPrefix("file:///"), "\(data)")
            #expect(data.contains("/my%20cache/zones/\(city.id)/"), "\(data)")
            let url = try #require(URL(string: data))
            #expect(url.path == directory.appendingPathComponent(city.artifact.key).standardizedFileURL.path)
            #expect(FileManager.default.contents(atPath: url.path) == Data(ZoneLayerTests.artifact))
        }
        let manifestURL = try #require(style.metadata["zonectl:manifest"].flatMap { URL(string: $0) })
        #expect(FileManager.default.fileExists(atPath: manifestURL.path))

        let served = try MapLibreStyleBuilder(
            directory: directory, options: .init(baseURL: URL(string: "https://cdn.example/z/"))
        )
        .style()
        #expect(served.layers == style.layers)
        #expect(served.sources["paris"]?.data == "https://cdn.example/z/" + manifest.cities[0].artifact.key)
        #expect(
            style.layers.map(\.id) == [
                "paris/parking/fill", "paris/parking/line", "rome/parking/fill",
                "rome/parking/line", "paris/no-parking/fill", "paris/no-parking/line", "rome/no-parking/fill",
                "rome/no-parking/line",
            ])
    }

    /// MapLibre reads no `.gz` or `.br` from disk: a directory of encoded objects (a store) is
    /// refused for file sources, naming the object; a point layer's band file counts too.
    @Test func encodedObjectsAreRefused() throws {
        let cache = try TestCache.directory()
        defer { TestCache.remove(cache) }
        let store = try MapFixtures.manifest()
        let error = #expect(throws: ZoneClientError.self) {
            try MapLibreStyleBuilder(manifest: store, styles: MapFixtures.table(), sources: .cache(cache))
        }
        let message = try #require(error?.description)
        #expect(
            message.contains("holds gzip-encoded objects (zones/paris/\(MapFixtures.a64).geojson.gz)"), "\(message)")
        #expect(message.contains("MapLibre cannot read"))

        let decodedCities = try MapFixtures.manifest(
            cities: [MapFixtures.city("paris", ["parking"], identity: true)],
            points: [MapFixtures.pointLayer("cars", cities: ["paris"], identity: false)])
        let band = #expect(throws: ZoneClientError.self) {
            try MapLibreStyleBuilder(manifest: decodedCities, styles: MapFixtures.table(), sources: .cache(cache))
        }
        #expect(band?.description.contains("(points/cars/paris/\(MapFixtures.b64).geojson.gz)") == true)

        let decoded = try MapFixtures.manifest(
            cities: [MapFixtures.city("paris", ["parking"], identity: true)],
            points: [MapFixtures.pointLayer("cars", cities: ["paris"], identity: true)])
        let style = try MapLibreStyleBuilder(manifest: decoded, styles: MapFixtures.table(), sources: .cache(cache))
            .style()
        #expect(
            style.sources["points/cars/paris"]?.data.hasSuffix("/points/cars/paris/\(MapFixtures.b64).geojson") == true)
    }

    @Test func aCacheIsAFileURL() throws {
        let error = #expect(throws: ZoneClientError.self) {
            try MapLibreStyleBuilder(
                manifest: MapFixtures.manifest(), styles: MapFixtures.table(),
                sources: .cache(URL(string: "https://cdn.example/cache")!))
        }
        #expect(error == .mapLibreStyle("cache https://cdn.example/cache: not a file URL"))
    }

    /// A directory without a manifest, or whose style table breaks the rule, says so.
    @Test func whatTheDirectoryLacksIsAnError() throws {
        let directory = try TestCache.directory()
        defer { TestCache.remove(directory) }
        #expect(throws: ZoneClientError.missing(key: "manifest.json")) {
            try MapLibreStyleBuilder(directory: directory)
        }
        let manifest = try TestCache.write(
            in: directory, cities: [("paris", ZoneLayerTests.artifact)], table: #"{"parking":{"fill":"nope"}}"#)
        let error = #expect(throws: ZoneClientError.self) { try MapLibreStyleBuilder(directory: directory) }
        #expect(
            error
                == .badStyle(
                    key: manifest.styles.key,
                    reason:
                        #"style "parking": fill is "nope", expected a colour (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a CSS colour name)"#
                ))
    }
}
