/// PMTiles v3 tile ids: tiles of lower zooms first, each zoom's tiles along a Hilbert curve
/// (protomaps/PMTiles `spec/v3/spec.md`, the reference `zxy_to_tileid`).
public enum PMTilesTileID {
    /// The id of tile `x`, `y` at zoom `z` (0 ≤ z ≤ 31, 0 ≤ x, y < 2^z).
    public static func id(z: Int, x: Int, y: Int) -> UInt64 {
        precondition(z >= 0 && z <= 31 && x >= 0 && y >= 0 && x < 1 << z && y < 1 << z, "tile \(z)/\(x)/\(y)")
        var acc = UInt64((1 << (2 * z)) - 1) / 3
        var x = Int64(x)
        var y = Int64(y)
        var a = z - 1
        while a >= 0 {
            let s = Int64(1) << a
            let rx = s & x
            let ry = s & y
            acc &+= UInt64(bitPattern: ((3 * rx) ^ ry) << a)
            if ry == 0 {
                if rx != 0 {
                    x = s - 1 - x
                    y = s - 1 - y
                }
                swap(&x, &y)
            }
            a -= 1
        }
        return acc
    }
}
