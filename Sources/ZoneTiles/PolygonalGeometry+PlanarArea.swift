import ZoneGeometry

extension PolygonalGeometry {
    /// Twice the signed shoelace area of ring `r` in the geometry's own units (grid units here,
    /// no wrap at ±180° as ``ringSignedArea(_:ring:)`` has), measured from the ring's first
    /// position; exact for integer coordinates of the tile grids.
    func twicePlanarArea(ring r: Int) -> Double {
        let range = ringRange(r)
        guard range.count >= 3 else { return 0 }
        let (ox, oy) = position(range.lowerBound)
        var twice = 0.0
        var (px, py) = (0.0, 0.0)
        for i in range.dropFirst() {
            let (x, y) = position(i)
            let (cx, cy) = (x - ox, y - oy)
            twice += px * cy - cx * py
            (px, py) = (cx, cy)
        }
        return twice
    }
}
