/// The ring and the global position index (into `positions`, not into the ring) of the position
/// nearest to (x, y) — used to point a GEOS location at a line and column of the source file.
///
/// Distance is planar in degrees; ties go to the earliest position. Nil when the geometry has no
/// positions or x or y is NaN (a ``ValidityProblem`` without location).
public func nearestPosition(in geometry: PolygonalGeometry, x: Double, y: Double) -> (ring: Int, index: Int)? {
    guard !x.isNaN, !y.isNaN else { return nil }
    var nearest: (ring: Int, index: Int)?
    var nearestDistance = Double.infinity
    for ring in 0..<geometry.ringCount {
        for index in geometry.ringRange(ring) {
            let position = geometry.position(index)
            let dx = position.x - x
            let dy = position.y - y
            let distance = dx * dx + dy * dy
            if distance.isNaN { continue }
            if nearest == nil || distance < nearestDistance {
                nearest = (ring, index)
                nearestDistance = distance
            }
        }
    }
    return nearest
}
