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
        let city = try RankedZones(CityZoom.projected(zones.map(\.geometry), zoom: zoom, extent: 4096))
            .simplified(tolerance: 1).city.snapped(extent: 4096, buffer: 64)
        let world = 4096 * Double(1 << zoom)
        let anchors = try zones.map { zone in
            let a = try #require(try zone.geometry.pointOnSurface(context: context))
            return (x: (a.x / 360 + 0.5) * world, y: WebMercatorY.y(a.y) * world)
        }
        let cutter = TileCutter(
            zoom: zoom, extent: 4096, buffer: 64, originX: city.originX, originY: city.originY, context: context)
        return try cutter.blocks(of: city.drawn(anchors: anchors))
    }

    /// Runs of strips covered whole become disjoint runs, each strip the first zone's (zone
    /// order): without overlaps as they are; where zones overlap (`overlaps: allow`), a later
    /// zone's strips that an earlier one has are handed back one by one, as pieces.
    @Test func runsOfWholeStripsGoToTheFirstZoneThatCoversThem() {
        var handed: [(Int, Int)] = []
        let apart = TileCutter.firstCovering([(5..<9, 0), (0..<3, 1), (9..<12, 2)]) { handed.append(($0, $1)) }
        #expect(apart.map(\.strips) == [0..<3, 5..<9, 9..<12] && apart.map(\.zone) == [1, 0, 2] && handed.isEmpty)
        let overlapping = TileCutter.firstCovering([(2..<6, 0), (4..<9, 1), (0..<3, 2), (4..<5, 2)]) {
            handed.append(($0, $1))
        }
        #expect(overlapping.map(\.strips) == [0..<2, 2..<6, 6..<9] && overlapping.map(\.zone) == [2, 0, 1])
        #expect(handed.map(\.0) == [4, 5, 2, 4] && handed.map(\.1) == [1, 1, 2, 2])
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

    @Test func tilesThatOneZoneCoversWholeAreOneEncodingZoomByZoom() throws {
        let zone = squareZone("field", "all", lon: 10, lat: 40, side: 3)
        var keys: [TileKey] = []
        var bytes: [[UInt8]] = []
        try ZoneTiler(minZoom: 8, maxZoom: 10, jobs: 2).tiles(of: [zone]) { key, tile in
            keys.append(key)
            bytes.append(tile)
        }
        #expect(keys.map(\.z).first == 10 && keys.map(\.z).last == 8)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { a, b in a.z >= b.z })
        #expect(Set(keys).count == keys.count, "each tile once")
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

    /// Polygons below MapLibre's 0.375 pixels squared (9 units² of 4096) are left out, as its
    /// GeoJSON sources leave them out; 9 units² itself is kept, holes are kept, and a zone whose
    /// every polygon is that small keeps its largest.
    @Test func subPixelPolygonsAreLeftOutButNoZoneIs() throws {
        // The rings `kept` lists, as a lower zoom takes them (``RankedZones``, every position).
        func dropped(_ parts: SubPixelParts, _ zones: [PolygonalGeometry]) -> [PolygonalGeometry] {
            RankedZones(CityZoom(zoom: 10, originX: 0, originY: 0, zones: zones))
                .simplified(tolerance: 0, keeping: parts.kept(of: zones)).city.zones
        }
        func square(_ b: inout PolygonalGeometryBuilder, _ x: Double, _ y: Double, _ side: Double, hole: Bool = false) {
            for (px, py) in [(x, y), (x + side, y), (x + side, y + side), (x, y + side), (x, y)] {
                b.add(x: px, y: py)
            }
            b.closeRing()
            if hole {
                for (px, py) in [(x + 1, y + 1), (x + 1, y + 2), (x + 2, y + 2), (x + 2, y + 1), (x + 1, y + 1)] {
                    b.add(x: px, y: py)
                }
                b.closeRing()
            }
            b.closePolygon()
        }
        let parts = SubPixelParts(extent: 4096)
        #expect(parts.minimumArea == 9)
        var mixed = PolygonalGeometryBuilder()
        square(&mixed, 0, 0, 10, hole: true)
        square(&mixed, 20, 0, 2)
        square(&mixed, 30, 0, 3)
        let kept = dropped(parts, [mixed.build()])[0]
        #expect(kept.polygonCount == 2 && kept.ringCount == 2, "the 10 × 10 without its 1 × 1 hole, and the 3 × 3")
        #expect(kept.position(kept.ringRange(1).lowerBound) == (30, 0))
        var specks = PolygonalGeometryBuilder()
        square(&specks, 0, 0, 1)
        square(&specks, 5, 0, 2)
        let last = dropped(parts, [specks.build()])[0]
        #expect(last.polygonCount == 1 && last.position(0) == (5, 0), "the largest speck stays")

        // A pinhole is filled unless another zone's last polygon (its largest, a speck) is in it.
        var holed = PolygonalGeometryBuilder()
        square(&holed, 0, 0, 10, hole: true)
        var inHole = PolygonalGeometryBuilder()
        for (px, py) in [(1.25, 1.25), (1.75, 1.25), (1.75, 1.75), (1.25, 1.75), (1.25, 1.25)] {
            inHole.add(x: px, y: py)
        }
        inHole.closeRing()
        inHole.closePolygon()
        var inHoleAndLarger = inHole
        square(&inHoleAndLarger, 20, 0, 5)
        let guarded = dropped(parts, [holed.build(), inHole.build()])
        #expect(guarded[0].ringCount == 2, "the hole holds the other zone's last polygon: kept")
        #expect(guarded[1].polygonCount == 1)
        let filled = dropped(parts, [holed.build(), inHoleAndLarger.build()])
        #expect(filled[0].ringCount == 1, "the other zone keeps a larger polygon elsewhere: the hole is filled")
        #expect(filled[1].polygonCount == 1 && filled[1].position(0) == (20, 0))

        // A speck far from its zone's field: drawn at the highest zoom, left out below it.
        let field = squareZone("c", "z", lon: 10, lat: 40, side: 0.05).geometry
        let speck = squareZone("c", "z", lon: 10.5, lat: 40, side: 0.0001).geometry
        let zone = TileZone(
            city: "c", style: "z",
            geometry: PolygonalGeometry(
                coordinates: field.coordinates + speck.coordinates, ringEnds: [5, 10], polygonEnds: [1, 2]))
        var columns: [Int: Set<Int>] = [:]
        try ZoneTiler(minZoom: 10, maxZoom: 12, jobs: 1).tiles(of: [zone]) { key, _ in
            columns[key.z, default: []].insert(key.x)
        }
        func column(_ lon: Double, _ z: Int) -> Int { Int((lon + 180) / 360 * Double(1 << z)) }
        #expect(columns[12]?.contains(column(10.50005, 12)) == true)
        #expect(columns[11]?.contains(column(10.50005, 11)) == false)
        #expect(columns[10]?.contains(column(10.50005, 10)) == false)
        #expect(columns[10]?.contains(column(10.02, 10)) == true)
    }

    /// Random columns of uniform rows (three contents, gaps between) at zoom 5: the runs of
    /// ids hold each such tile once, with its content, and nothing else; a whole zoom of one
    /// content is one run.
    @Test(arguments: 1...10) func uniformTilesBecomeRunsOfIds(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        var uniform: [Int: [(ys: Range<Int>, content: Int)]] = [:]
        var expected: [UInt64: Int] = [:]
        for x in 0..<32 where next(4) > 0 {
            var y = next(8)
            while y < 32 {
                let end = min(32, y + 1 + next(20))
                let content = next(3)
                uniform[x, default: []].append((y..<end, content))
                for row in y..<end { expected[PMTilesTileID.id(z: 5, x: x, y: row)] = content }
                y = end + next(3)
            }
        }
        let runs = ZoneTiler.uniformRuns(uniform, zoom: 5)
        var got: [UInt64: Int] = [:]
        for run in runs {
            for id in run.ids {
                #expect(got[id] == nil, "tile \(id) twice")
                got[id] = run.content
            }
        }
        #expect(got == expected)
        #expect(runs.count < expected.count)
        let all = Dictionary(uniqueKeysWithValues: (0..<32).map { ($0, [(ys: 0..<32, content: 2)]) })
        #expect(
            ZoneTiler.uniformRuns(all, zoom: 5).map(\.ids) == [
                PMTilesTileID.firstID(z: 5)..<PMTilesTileID.firstID(z: 6)
            ])
    }
}

/// supercluster's y of a latitude (world units in [0, 1], y down), as the test's own arithmetic.
enum WebMercatorY {
    static func y(_ latitude: Double) -> Double {
        let s = sin(latitude * .pi / 180)
        return 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
    }
}
