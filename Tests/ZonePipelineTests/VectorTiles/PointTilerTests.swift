import Testing
import VectorTiles

/// Points into tiles: each point anchored in exactly one tile, and present in every tile whose
/// buffered box holds it (across ±180°, not beyond the poles), at the same place of the zoom's grid.
@Suite struct PointTilerTests {
    @Test func everyPointIsAnchoredOnceAndBufferedIntoItsNeighbours() {
        var state: UInt64 = 42
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        // Random points, points on and next to tile edges, the corners of the world.
        var points: [(x: Double, y: Double)] = (0..<400).map { _ in (next(), next()) }
        for z in 1...4 {
            let edge = 1 / Double(1 << z)
            points += [(edge, edge), (edge - 1e-9, 0.5), (1 - 1e-9, edge + 1e-6), (edge * 3, 1 - 1e-9)]
        }
        points += [(0, 0), (1, 1), (0, 1), (1, 0), (0.5, 0.5)]
        let extent = 4096
        let buffer = 64
        let tiler = PointTiler(extent: extent, buffer: buffer)
        for z in 0...5 {
            let n = 1 << z
            let tiles = tiler.tiles(
                zoom: z, count: points.count, position: { points[$0] },
                feature: { i, at in MVTFeature(id: UInt64(i), geometry: .points([at])) })
            var anchors = [Int](repeating: 0, count: points.count)
            var seen = [Set<TileKey>](repeating: [], count: points.count)
            for (key, features) in tiles {
                #expect(key.z == z && key.x >= 0 && key.x < n && key.y >= 0 && key.y < n)
                for feature in features {
                    guard case .points(let at) = feature.geometry, let p = at.first, let id = feature.id else {
                        Issue.record("not a point")
                        continue
                    }
                    let i = Int(id)
                    #expect(seen[i].insert(key).inserted, "point \(i) twice in \(key)")
                    let (x, y) = (Int(p.x), Int(p.y))
                    #expect(x >= -buffer && x < extent + buffer && y >= -buffer && y < extent + buffer)
                    if x >= 0, x < extent, y >= 0, y < extent { anchors[i] += 1 }
                    // The same place of the zoom's grid from every tile (x modulo the world).
                    let gx = ((key.x * extent + x) % (n * extent) + n * extent) % (n * extent)
                    let gy = key.y * extent + y
                    let world = n * extent
                    let ex = min(Int((points[i].x * Double(world)).rounded(.down)), world - 1)
                    let ey = min(Int((points[i].y * Double(world)).rounded(.down)), world - 1)
                    #expect(gx == ex && gy == ey, "z\(z) point \(i) in \(key)")
                }
            }
            #expect(anchors.allSatisfy { $0 == 1 }, "z\(z): anchors \(anchors.filter { $0 != 1 })")
            // Every tile whose buffered box holds the point has it (brute force over the zoom).
            for (i, p) in points.enumerated() {
                let world = n * extent
                let gx = min(Int((p.x * Double(world)).rounded(.down)), world - 1)
                let gy = min(Int((p.y * Double(world)).rounded(.down)), world - 1)
                var expected = Set<TileKey>()
                for tx in 0..<n {
                    for ty in 0..<n {
                        let ly = gy - ty * extent
                        guard ly >= -buffer, ly < extent + buffer else { continue }
                        for shift in n > 1 ? [-world, 0, world] : [0] {
                            let lx = gx + shift - tx * extent
                            if lx >= -buffer, lx < extent + buffer { expected.insert(TileKey(z: z, x: tx, y: ty)) }
                        }
                    }
                }
                #expect(seen[i] == expected, "z\(z) point \(i) at \(p)")
            }
        }
    }
}
