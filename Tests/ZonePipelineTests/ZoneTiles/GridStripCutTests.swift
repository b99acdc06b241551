import Foundation
import Testing
import ZoneGeometry

@testable import ZoneTiles

/// The tile cutter's two passes (zones into columns, columns into tiles) held to GEOS's overlay
/// of each zone with each tile: the same area in every tile, valid pieces.
@Suite struct GridStripCutTests {
    let extent = 4096
    let buffer = 64

    /// Signed area: exteriors count, holes take away (the rings' own winding is not trusted).
    func area(_ g: PolygonalGeometry) -> Double {
        var sum = 0.0
        for p in 0..<g.polygonCount {
            for r in g.polygonRings(p) {
                let a = abs(g.twicePlanarArea(ring: r)) / 2
                sum += r == g.polygonRings(p).lowerBound ? a : -a
            }
        }
        return sum
    }

    /// Each zone of `city` cut into every tile of its range by `TileCutter`, compared with GEOS's
    /// clip of the zone to the tile. Returns the number of (zone, tile) pairs compared.
    @discardableResult
    func expectTilesLikeGEOS(
        _ city: CityZoom, tolerance: Double = 1e-6, context: GEOSContext,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let cutter = TileCutter(
            zoom: city.zoom, extent: extent, buffer: buffer, originX: city.originX, originY: city.originY,
            context: context)
        let blocks = try cutter.blocks(of: city.zones)
        var compared = 0
        for (z, zone) in city.zones.enumerated() where !zone.isEmpty {
            let box = try #require(BoundingBox(zone))
            func tiles(_ lo: Double, _ hi: Double, _ origin: Int64) -> ClosedRange<Int> {
                let e = Double(extent)
                let b = Double(buffer)
                return max(
                    0, Int(((lo + Double(origin) - b) / e).rounded(.down)))...Int(
                        ((hi + Double(origin) + b) / e).rounded(.down))
            }
            for x in tiles(box.west, box.east, city.originX) {
                for y in tiles(box.south, box.north, city.originY) {
                    let r = cutter.rect(x..<(x + 1), y..<(y + 1))
                    let geos = try zone.clipped(
                        xmin: r.xmin, ymin: r.ymin, xmax: r.xmax, ymax: r.ymax, context: context)
                    let found = blocks.filter { $0.zone == z && $0.xs.contains(x) && $0.ys.contains(y) }
                    var got = 0.0
                    for block in found {
                        if let rings = block.rings {
                            let g = TileRings(rings: rings).geometry
                            #expect(
                                try g.geosValidityProblem(context: context) == nil, "zone \(z) tile \(x)/\(y)",
                                sourceLocation: sourceLocation)
                            got += area(g)
                        } else {
                            got += (r.xmax - r.xmin) * (r.ymax - r.ymin)
                        }
                    }
                    #expect(
                        abs(got - area(geos)) < tolerance,
                        "zone \(z) tile \(x)/\(y): \(got) against GEOS \(area(geos))",
                        sourceLocation: sourceLocation)
                    compared += 1
                }
            }
        }
        return compared
    }

    /// Real zones on the grid of z11–z14 as the tiler snaps them (noded at every tile line ±
    /// buffer).
    @Test func realZonesInEveryTileAsGEOSClipsThem() throws {
        let context = try GEOSContext()
        var compared = 0
        for grid in try realCityGrids(
            ["basel", "rome-rioni"], zooms: [11, 14], tolerance: { $0 == 14 ? 0 : 3 }, context: context)
        {
            compared += try expectTilesLikeGEOS(grid, context: context)
        }
        #expect(compared > 200)
    }

    /// A zone over 6 × 6 tiles of z3 with holes: one inside tile (4, 1), one holding tile (1, 1)
    /// and its buffer, one across the line x = 2·extent. Column 3 is a rectangle whose rows no
    /// ring enters (it runs along the column's sides there): whole tiles; in column 4, tile
    /// (4, 1) is its square with the hole; tile (1, 1) is empty.
    @Test func tilesThatNoRingEntersAreWholeHoledOrEmpty() throws {
        let context = try GEOSContext()
        let e = Double(extent)
        func square(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(Double, Double)] {
            [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        }
        var b = PolygonalGeometryBuilder()
        for (k, ring) in [
            square(10, 10, 6 * e - 10, 6 * e - 10),
            square(4 * e + 500, e + 500, 4 * e + 900, e + 700),
            square(e - 100, e - 100, 2 * e + 100, 2 * e + 100),
            square(2 * e - 300, 4 * e + 100, 2 * e + 300, 4 * e + 400),
        ].enumerated() {
            let wound = k == 0 ? ring : ring.reversed()
            for (x, y) in wound + [wound[0]] { b.add(x: x, y: y) }
            b.closeRing()
        }
        b.closePolygon()
        let city = try CityZoom(zoom: 3, originX: 0, originY: 0, zones: [b.build()])
            .snapped(extent: extent, buffer: buffer)
        #expect(try expectTilesLikeGEOS(city, context: context) == 49)
        let cutter = TileCutter(zoom: 3, extent: extent, buffer: buffer, originX: 0, originY: 0, context: context)
        let blocks = try cutter.blocks(of: city.zones)
        #expect(!blocks.contains { $0.xs.contains(1) && $0.ys.contains(1) }, "tile (1, 1) lies in a hole")
        let holed = try #require(blocks.first { $0.xs == 4..<5 && $0.ys == 1..<2 }?.rings)
        #expect(holed.count == 2 && holed[0].count == 4, "tile (4, 1): the tile's square and the hole")
        // Whole tiles of a column are one block.
        #expect(blocks.contains { $0.xs == 3..<4 && $0.ys.contains(1) && $0.ys.contains(4) && $0.geometry == nil })
    }

    /// A zone whose hole H1 touches the exterior (at the tip of a bay) and another hole H0 (at
    /// a vertex of each): valid, the touches make no loop. Cut to tile (1, 1) of z2, H0, which
    /// crosses the tile's top side, becomes part of the exterior's ring, so H1 touches that
    /// ring twice, away from the tile's sides, and the interior falls in two: the tile is found
    /// and snapped again.
    @Test func aHoleTouchingTwoRingsThatTheCutJoinsIsMadeValid() throws {
        let context = try GEOSContext()
        let exterior: [(Double, Double)] = [
            (3000, 3000), (9000, 3000), (9000, 9000), (6400, 9000), (6400, 7000), (6200, 7000), (6000, 7000),
            (6000, 9000), (3000, 9000),
        ]
        let h0: [(Double, Double)] = [(5000, 3900), (5000, 4300), (5200, 4300), (5400, 4300), (5400, 3900)]
        let h1: [(Double, Double)] = [(5200, 4300), (5000, 6000), (6200, 7000)]
        var b = PolygonalGeometryBuilder()
        for ring in [exterior, h0, h1] {
            for (x, y) in ring + [ring[0]] { b.add(x: x, y: y) }
            b.closeRing()
        }
        b.closePolygon()
        let zone = b.build()
        #expect(try zone.geosValidityProblem(context: context) == nil)
        let city = try CityZoom(zoom: 2, originX: 0, originY: 0, zones: [zone])
            .snapped(extent: extent, buffer: buffer)
        #expect(try expectTilesLikeGEOS(city, context: context) == 9)
    }

    /// A zone not noded at the tile lines (a triangle whose sides cross them off any vertex) is
    /// clipped strip by strip another way: the columns have GEOS's area; the tiles, whose new
    /// vertices are then rounded to the grid, are valid and within the rounding of it.
    @Test func aZoneNotNodedAtTheTileLinesIsClippedAnotherWay() throws {
        let context = try GEOSContext()
        var b = PolygonalGeometryBuilder()
        for (x, y) in [(100.0, 100.0), (9000, 700), (3000, 11000), (100, 100)] { b.add(x: x, y: y) }
        b.closeRing()
        b.closePolygon()
        let zone = b.build()
        let strips = GridStripCut(axis: .x, start: 0, step: 4096, buffer: 64, count: 3, across: (0, 12_000))
        var scratch = GridStripCut.Scratch(count: strips.count)
        #expect(strips.pieces(zone, scratch: &scratch) == nil)
        let cutter = TileCutter(zoom: 2, extent: extent, buffer: buffer, originX: 0, originY: 0, context: context)
        var columnScratch = GridStripCut.Scratch(count: 3)
        let columns = try cutter.cut(
            [(zone: 0, geometry: zone)], .x, 0..<3, across: (0, 12_000), scratch: &columnScratch
        ).pieces.map(\.pieces)
        #expect(columns.map(\.count) == [1, 1, 1])
        for (k, column) in columns.enumerated() {
            let r = strips.rectangle(k)
            let geos = try zone.clipped(
                xmin: Double(r.xmin), ymin: 0, xmax: Double(r.xmax), ymax: 12_000, context: context)
            #expect(abs(area(column[0].geometry) - area(geos)) < 1e-6)
        }
        let city = CityZoom(zoom: 2, originX: 0, originY: 0, zones: [zone])
        #expect(try expectTilesLikeGEOS(city, tolerance: 2_000, context: context) == 9)
    }

    /// A run of a ring's segments through its last point into its first is one chain.
    @Test func aChainThroughTheRingsFirstPointIsOne() {
        let ring = (0..<6).map { GridRectangleClip.Point(x: Int64($0), y: Int64($0 * $0)) }
        let chains = GridRectangleClip.chains(ring, [0, 1, 3, 5])
        #expect(chains.map { $0.map(\.x) } == [[5, 0, 1, 2], [3, 4]])
    }
}
