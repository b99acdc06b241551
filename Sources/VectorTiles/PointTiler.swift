/// A tile's address.
public struct TileKey: Hashable, Comparable, Sendable {
    public var z: Int
    public var x: Int
    public var y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    public static func < (a: TileKey, b: TileKey) -> Bool { (a.z, a.x, a.y) < (b.z, b.x, b.y) }
}

/// One zoom's points (clusters and single points) into tiles: each point into the tile its
/// position lies in, and into the neighbours whose buffer it lies in (so a symbol at a tile edge
/// is drawn whole); its coordinates in each tile's integer grid. A point is in exactly one tile
/// with 0 ≤ x, y < extent, so counts summed over those anchors give each point once.
public struct PointTiler: Sendable {
    public var extent: Int
    /// How far beyond the tile's edges, in tile units, a point is also written.
    public var buffer: Int

    public init(extent: Int = 4096, buffer: Int = 64) {
        precondition(extent > 0 && buffer >= 0 && 2 * buffer < extent)
        self.extent = extent
        self.buffer = buffer
    }

    /// The features of `points` at zoom `z`, by tile: `position(i)` is point i in Web Mercator
    /// world units (x east, y south, both in [0, 1]), `feature(i, at)` its feature at a point of
    /// the tile's grid. Points keep their order within each tile.
    public func tiles(
        zoom z: Int, count: Int, position: (Int) -> (x: Double, y: Double),
        feature: (Int, TilePoint) -> MVTFeature
    ) -> [TileKey: [MVTFeature]] {
        let n = 1 << z
        let scale = Double(n) * Double(extent)
        var out: [TileKey: [MVTFeature]] = [:]
        for i in 0..<count {
            let p = position(i)
            // The point in the zoom's grid of tile units, rounded once so that every tile sees it
            // at the same place.
            let last = n * extent - 1  // x = 1 (180° east) is the last column, not a tile beyond
            let gx = min(Int((min(max(p.x, 0), 1) * scale).rounded(.down)), last)
            let gy = min(Int((min(max(p.y, 0), 1) * scale).rounded(.down)), last)
            let tx = gx / extent
            let ty = gy / extent
            for dy in -1...1 {
                let y = ty + dy
                guard y >= 0, y < n else { continue }  // beyond the poles there is no tile
                for dx in -1...1 where n > 1 || dx == 0 {
                    // Relative to the neighbour where it would be without wrapping; its tile
                    // column wraps across ±180°.
                    let lx = gx - (tx + dx) * extent
                    let ly = gy - y * extent
                    if dx != 0 || dy != 0 {
                        guard lx >= -buffer, lx < extent + buffer, ly >= -buffer, ly < extent + buffer else { continue }
                    }
                    let key = TileKey(z: z, x: (tx + dx + n) % n, y: y)
                    out[key, default: []].append(feature(i, TilePoint(Int32(lx), Int32(ly))))
                }
            }
        }
        return out
    }
}
