import Foundation
import Testing
import VectorTiles
import ZoneGeometry

@testable import ZoneTiles

/// The tiler's rules that need no outside reader: a zone below a pixel keeps a square of one
/// unit, a tile that one zone covers whole is one encoding, tiles come zoom by zoom in order.
@Suite struct ZoneTilerTests {
    /// The blocks of one zoom for one city, as ``ZoneTiler`` makes them.
    func blocks(_ zones: [TileZone], zoom: Int, context: GEOSContext) throws -> [TileBlock] {
        let city = try CityZoom.projected(zones.map(\.geometry), zoom: zoom, extent: 4096)
            .snapped(tolerance: 1, extent: 4096, buffer: 64, context: context)
        let world = 4096 * Double(1 << zoom)
        let anchors = try zones.map { zone in
            let a = try #require(try zone.geometry.pointOnSurface(context: context))
            return (x: (a.x / 360 + 0.5) * world, y: WebMercatorY.y(a.y) * world)
        }
        let cutter = TileCutter(
            zoom: zoom, extent: 4096, buffer: 64, originX: city.originX, originY: city.originY, context: context)
        return try cutter.blocks(of: city.drawn(anchors: anchors))
    }

    @Test func aZoneBelowAPixelKeepsAValidUnitSquareAtZoomZero() throws {
        let context = try GEOSContext()
        let zones = [
            squareZone("islet", "big", lon: 30, lat: 10, side: 0.01),
            squareZone("islet", "tiny", lon: 30.01, lat: 10.005, side: 0.00005),
        ]
        for zoom in [0, 4, 9] {
            let found = try blocks(zones, zoom: zoom, context: context)
            for (z, zone) in zones.enumerated() {
                let own = found.filter { $0.zone == z }
                try #require(!own.isEmpty, "\(zone.style) missing at z\(zoom)")
                for block in own {
                    let rings = try #require(block.rings)
                    #expect(ringArea(rings[0]) > 0, "exterior winds positive, y down")
                    #expect(rings.dropFirst().allSatisfy { ringArea($0) < 0 })
                    var b = PolygonalGeometryBuilder()
                    for ring in rings {
                        for p in ring + [ring[0]] { b.add(x: Double(p.x), y: Double(p.y)) }
                        b.closeRing()
                    }
                    b.closePolygon()
                    #expect(try validityProblem(of: b.build(), context: context) == nil)
                    if zoom == 0 { #expect(rings.count == 1 && ringArea(rings[0]) == 2, "a unit square at z0") }
                }
            }
        }
    }

    @Test func tilesThatOneZoneCoversWholeAreOneEncodingInTileOrder() throws {
        let zone = squareZone("field", "all", lon: 10, lat: 40, side: 3)
        var keys: [TileKey] = []
        var bytes: [[UInt8]] = []
        try ZoneTiler(minZoom: 8, maxZoom: 10, jobs: 2).tiles(of: [zone]) { key, tile in
            keys.append(key)
            bytes.append(tile)
        }
        #expect(keys.map(\.z).first == 10 && keys.map(\.z).last == 8)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { a, b in a.z > b.z || (a.z == b.z && a < b) })
        let z10 = zip(keys, bytes).filter { $0.0.z == 10 }
        // 3° at z10 is some 9 by 11 tiles, the inner ones whole.
        let distinct = Set(z10.map(\.1))
        let whole = try #require(
            z10.map(\.1).max { a, b in
                z10.filter { $0.1 == a }.count < z10.filter { $0.1 == b }.count
            })
        #expect(z10.filter { $0.1 == whole }.count >= 4, "the inner tiles are the same bytes")
        #expect(distinct.count < z10.count)
        let context = try GEOSContext()
        let inner = try blocks([zone], zoom: 10, context: context).filter { $0.rings == nil }
        #expect(inner.reduce(0) { $0 + $1.xs.count * $1.ys.count } == z10.filter { $0.1 == whole }.count)
    }
}

/// supercluster's y of a latitude (world units in [0, 1], y down), as the test's own arithmetic.
enum WebMercatorY {
    static func y(_ latitude: Double) -> Double {
        let s = sin(latitude * .pi / 180)
        return 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
    }
}
