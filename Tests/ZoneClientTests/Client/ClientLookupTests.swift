import ClientTestSupport
import Foundation
import Testing
import ZoneClient

/// The actor's lookups answer as ``ZoneLookup`` over the published store does, and its indexes
/// stay within their byte budget, least recently used out first.
@Suite struct ClientLookupTests {
    @Test func lookupsFromTheCacheAnswerAsFromTheStore() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let client = ZoneClient(store: fx.v1, cache: fx.cache)
        _ = try await client.sync()
        let reference = try ZoneLookup(store: DirectoryStore(root: fx.v1.path))
        var rng = SeededRandom(seed: 38)
        var found = 0
        for city in reference.manifest.cities {
            let box = city.bbox
            for _ in 0..<400 {
                let lon = box.west + (box.east - box.west) * rng.unit()
                let lat = box.south + (box.north - box.south) * rng.unit()
                let expected = try reference.lookup(longitude: lon, latitude: lat)
                #expect(try await client.lookup(longitude: lon, latitude: lat) == expected)
                #expect(
                    try await client.lookup(longitude: lon, latitude: lat, city: city.id).style
                        == (try reference.lookup(longitude: lon, latitude: lat, city: city.id)).style)
                if expected.style != nil { found += 1 }
            }
        }
        #expect(found > 200)  // the positions hit zones, not only the boxes' empty corners
    }

    @Test func indexesPastTheBudgetAreDroppedLeastRecentlyUsedFirst() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let unlimited = ZoneClient(store: fx.v1, cache: fx.cache)
        _ = try await unlimited.sync()
        let cities = try await unlimited.manifest().cities.map(\.id)
        var sizes: [String: Int] = [:]
        for city in cities { sizes[city] = try await unlimited.index(city: city).memoryBytes }
        #expect(sizes.values.allSatisfy { $0 > 0 })
        #expect(await unlimited.indexBytes == sizes.values.reduce(0, +))

        // A budget that holds the two largest cities but not three of them.
        let largest = cities.sorted { sizes[$0]! > sizes[$1]! }
        let budget = sizes[largest[0]]! + sizes[largest[1]]!
        let client = ZoneClient(store: fx.v1, cache: fx.cache, configuration: .init(indexBudgetBytes: budget))
        for city in largest.prefix(3) { _ = try await client.index(city: city) }
        #expect(await client.indexBytes <= budget)
        #expect(await client.indexedCities == [largest[1], largest[2]])
        _ = try await client.index(city: largest[1])  // used again: now the most recent
        _ = try await client.index(city: largest[0])
        #expect(await client.indexedCities == [largest[1], largest[0]])
    }
}
