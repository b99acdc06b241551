import ClientTestSupport
import Foundation
import Testing
import ZoneClient

/// What an iOS app does at launch, through the public async API only: sync from the CDN (here a
/// loopback server that serves brotli objects with `Content-Encoding: br`), show each city's
/// zones with their styles, answer "may I park here", and build a MapLibre style on the device
/// from the cache.
@Suite(.serialized) struct AppShapedTests {
    @Test func syncLayersLookupAndStyleFromTheCache() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let (server, client) = try fx.client(of: fx.v1)
        defer { server.stop() }

        let report = try await client.sync()
        #expect(report.updated)
        let manifest = try await client.manifest()

        // Zone layers with parsed styles, in draw order, for every city.
        let table = try await client.styles()
        #expect(!table.isEmpty)
        for city in manifest.cities {
            let layers = try await client.zoneLayers(city: city.id)
            #expect(Set(layers.map(\.style)) == Set(city.styles))
            for layer in layers {
                #expect(layer.city == city.id)
                #expect(layer.zoneStyle == table[layer.style])
                let json = try #require(try JSONSerialization.jsonObject(with: layer.geoJSON) as? [String: Any])
                #expect(json["type"] as? String == "FeatureCollection")
                let features = try #require(json["features"] as? [[String: Any]])
                #expect(!features.isEmpty)
                #expect(
                    features.allSatisfy { ($0["properties"] as? [String: Any])?["style"] as? String == layer.style })
            }
            if let priority = manifest.priority, layers.count > 1 {
                // The highest-priority style the city has is drawn last, on top.
                #expect(layers.last?.style == priority.first { city.styles.contains($0) })
            }
        }

        // "May I park here": a point inside a zone of each city answers that zone's style.
        let reference = try ZoneLookup(store: DirectoryStore(root: fx.v1.path))
        var rng = SeededRandom(seed: 2026)
        var hits = 0
        for city in manifest.cities {
            for _ in 0..<200 {
                let lon = city.bbox.west + (city.bbox.east - city.bbox.west) * rng.unit()
                let lat = city.bbox.south + (city.bbox.north - city.bbox.south) * rng.unit()
                let answer = try await client.lookup(longitude: lon, latitude: lat)
                #expect(answer == (try reference.lookup(longitude: lon, latitude: lat)))
                if answer.style != nil { hits += 1 }
            }
        }
        #expect(hits > 100)

        // The MapLibre style from the cache: file:// sources that exist and are decoded GeoJSON.
        let style = try await client.mapLibreStyle()
        let root = try #require(try JSONSerialization.jsonObject(with: style) as? [String: Any])
        #expect(root["version"] as? Int == 8)
        let sources = try #require(root["sources"] as? [String: [String: Any]])
        #expect(sources.count >= manifest.cities.count)
        for source in sources.values {
            let data = try #require(source["data"] as? String)
            let url = try #require(URL(string: data))
            #expect(url.isFileURL)
            let bytes = try Data(contentsOf: url)
            #expect(
                (try JSONSerialization.jsonObject(with: bytes) as? [String: Any])?["type"] as? String
                    == "FeatureCollection")
        }
        // Every fill layer's colour is its style table's fill.
        let layers = try #require(root["layers"] as? [[String: Any]])
        #expect(layers.contains { $0["type"] as? String == "fill" })

        // Nothing changed on the server: the next launch's sync is a 304.
        let again = try await client.sync()
        #expect(!again.updated && again.fetched.isEmpty)
    }
}
