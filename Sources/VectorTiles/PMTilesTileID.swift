/// PMTiles v3 tile ids: tiles of lower zooms first, each zoom's tiles along a Hilbert curve
/// (protomaps/PMTiles `spec/v3/spec.md`, the reference `zxy_to_tileid`).
public enum PMTilesTileID {
    /// The id of tile `x`, `y` at zoom `z` (0 ≤ z ≤ 31, 0 ≤ x, y < 2^z).
    public static func id(z: Int, x: Int, y: Int) -> UInt64 {
        precondition(z >= 0 && z <= 31 && x >= 0 && y >= 0 && x < 1 << z && y < 1 << z, "tile \(z)/\(x)/\(y)")
        var acc = firstID(z: z)
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

    /// The id of zoom `z`'s first tile: the count of the tiles of all lower zooms.
    public static func firstID(z: Int) -> UInt64 { UInt64((1 << (2 * z)) - 1) / 3 }

    /// The ids of the aligned square of 2^level × 2^level tiles at zoom `z` that holds tile
    /// `x`, `y`: a Hilbert curve passes such a square in one stretch.
    public static func ids(z: Int, x: Int, y: Int, level: Int) -> Range<UInt64> {
        let first = firstID(z: z)
        let size = UInt64(1) << (2 * level)
        let start = first + (id(z: z, x: x, y: y) - first) / size * size
        return start..<(start + size)
    }

    /// The tile of an id: the inverse of ``id(z:x:y:)`` (the reference `tileid_to_zxy`).
    public static func tile(id: UInt64) -> (z: Int, x: Int, y: Int) {
        var z = 0
        while z < 31 && firstID(z: z + 1) <= id { z += 1 }
        var t = id - firstID(z: z)
        var (x, y) = (0, 0)
        var s = 1
        while s < 1 << z {
            let rx = Int(1 & (t / 2))
            let ry = Int(1 & (t ^ UInt64(rx)))
            if ry == 0 {
                if rx == 1 {
                    (x, y) = (s - 1 - x, s - 1 - y)
                }
                swap(&x, &y)
            }
            x += s * rx
            y += s * ry
            t /= 4
            s *= 2
        }
        return (z, x, y)
    }
}
