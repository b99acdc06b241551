import Testing
@testable import VectorTiles

/// The geometry commands and tile ids against the specs' own examples.
@Suite struct MVTEncodingTests {
    @Test func geometryCommandsAreTheSpecExamples() {
        // mapbox/vector-tile-spec 2.1, 4.3.5: a point, a line, a polygon.
        #expect(MVTGeometry.points([TilePoint(25, 17)]).commands() == [9, 50, 34])
        #expect(
            MVTGeometry.lines([[TilePoint(2, 2), TilePoint(2, 10), TilePoint(10, 10)]]).commands()
                == [9, 4, 4, 18, 0, 16, 16, 0])
        let ring = [TilePoint(3, 6), TilePoint(8, 12), TilePoint(20, 34)]
        #expect(MVTGeometry.polygons([ring]).commands() == [9, 6, 12, 18, 10, 12, 24, 44, 15])
        // The spec's exterior ring has a positive area; reversed it is a hole.
        #expect(ringArea(ring) > 0)
        #expect(ringArea(ring.reversed()) < 0)
    }

    /// The tiler keeps a zoom's rings encoded until their tiles are put together: the feature
    /// is byte for byte the one made from the rings, and the rings decode back.
    @Test func anEncodedGeometryIsTheSameFeatureAndDecodesToItsRings() {
        let shell = [TilePoint(-64, -64), TilePoint(4160, -64), TilePoint(4160, 4160), TilePoint(-64, 4160)]
        let hole = [TilePoint(1000, 1000), TilePoint(1000, 3000), TilePoint(70_000, 3000), TilePoint(3000, 1000)]
        let rings = [shell, hole, [TilePoint(3, 6), TilePoint(8, 12), TilePoint(20, 34)]]
        let encoded = MVTEncodedGeometry(.polygons(rings))
        #expect(encoded.typeCode == 3)
        #expect(encoded.polygonRings == rings)
        let properties: [(String, MVTValue)] = [("city", .string("rome"))]
        let plain = MVTFeature(properties: properties, geometry: .polygons(rings)).encoded(tags: [0, 0])
        #expect(MVTFeature(properties: properties, geometry: .encoded(encoded)).encoded(tags: [0, 0]) == plain)
        #expect(MVTEncodedGeometry(.encoded(encoded)) == encoded)
        // The spec's polygon example, as packed varints.
        #expect(MVTEncodedGeometry(.polygons([rings[2]])).packed == [9, 6, 12, 18, 10, 12, 24, 44, 15])
        #expect(MVTEncodedGeometry(.points([TilePoint(25, 17)])).polygonRings == nil)
    }

    @Test func tileIDsFollowTheHilbertCurveZoomByZoom() {
        #expect(PMTilesTileID.id(z: 0, x: 0, y: 0) == 0)
        // The reference implementation's values (pmtiles zxy_to_tileid).
        #expect(
            [(0, 0), (0, 1), (1, 1), (1, 0)].map { PMTilesTileID.id(z: 1, x: $0.0, y: $0.1) } == [1, 2, 3, 4])
        #expect(PMTilesTileID.id(z: 2, x: 1, y: 3) == 11)
        // Each zoom's tiles fill the ids after the previous zooms' exactly once, and consecutive
        // ids are neighbouring tiles (a Hilbert curve).
        var first: UInt64 = 0
        for z in 0...7 {
            let n = 1 << z
            var byID = [(Int, Int)?](repeating: nil, count: n * n)
            for x in 0..<n {
                for y in 0..<n {
                    let id = PMTilesTileID.id(z: z, x: x, y: y)
                    #expect(id >= first && id < first + UInt64(n * n), "\(z)/\(x)/\(y)")
                    let k = Int(id - first)
                    #expect(byID[k] == nil, "\(z)/\(x)/\(y) shares id \(id)")
                    byID[k] = (x, y)
                }
            }
            for k in 1..<byID.count {
                guard let a = byID[k - 1], let b = byID[k] else { continue }
                #expect(abs(a.0 - b.0) + abs(a.1 - b.1) == 1, "z\(z) ids \(k - 1), \(k)")
            }
            first += UInt64(n * n)
        }
        #expect(PMTilesTileID.id(z: 31, x: 0, y: 0) == (UInt64(1) << 62 - 1) / 3)
    }
}
