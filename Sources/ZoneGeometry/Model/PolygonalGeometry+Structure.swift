extension PolygonalGeometry {
    /// Throws ``GEOSError/malformedGeometry(_:)`` unless `ringEnds` and `polygonEnds` split
    /// `coordinates` exactly into rings and polygons (a Polygon having at most one part).
    ///
    /// Checked before any ring is handed to GEOS as a raw pointer, so GEOS never reads past the buffer.
    func checkStructure() throws {
        guard coordinates.count.isMultiple(of: 2) else {
            throw GEOSError.malformedGeometry("odd number of coordinates (\(coordinates.count))")
        }
        var start = 0
        for (ring, end) in ringEnds.enumerated() {
            guard end >= start else {
                throw GEOSError.malformedGeometry("ring \(ring) ends at position \(end), before its start \(start)")
            }
            guard end - start <= Int(UInt32.max) else {
                throw GEOSError.malformedGeometry("ring \(ring) has more than \(UInt32.max) positions")
            }
            start = end
        }
        guard start == positionCount else {
            throw GEOSError.malformedGeometry("rings cover \(start) of \(positionCount) positions")
        }
        start = 0
        for (polygon, end) in polygonEnds.enumerated() {
            guard end >= start else {
                throw GEOSError.malformedGeometry("polygon \(polygon) ends at ring \(end), before its start \(start)")
            }
            start = end
        }
        guard start == ringCount else {
            throw GEOSError.malformedGeometry("polygons cover \(start) of \(ringCount) rings")
        }
        guard isMulti || polygonCount <= 1 else {
            throw GEOSError.malformedGeometry("a Polygon with \(polygonCount) parts")
        }
    }
}
