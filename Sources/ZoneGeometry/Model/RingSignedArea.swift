/// The signed area of ring `ring` by the shoelace formula, in square degrees: positive when the
/// ring runs counter-clockwise (x east, y north), negative when clockwise, 0 below 3 positions.
///
/// RFC 7946 §3.1.6 (https://datatracker.ietf.org/doc/html/rfc7946#section-3.1.6) wants exterior
/// rings counter-clockwise and holes clockwise. The ring counts as closed whether or not its last
/// position repeats the first. Longitude steps of more than 180° are taken the short way round,
/// so a ring drawn across the antimeridian (…, 179, −179, …) is measured as it lies on the globe
/// rather than as a band round the world; a ring that goes round a pole has no meaningful
/// winding. A step from −180 to 180 (or back) at one latitude is taken as drawn, round the
/// globe: it is the edge of a band (``AntimeridianSplit/isRoundTheGlobe(_:_:)``).
/// Traps if `ring` is out of range, like an array subscript.
public func ringSignedArea(_ geometry: PolygonalGeometry, ring: Int) -> Double {
    let positions = geometry.ringRange(ring)
    guard positions.count >= 3 else { return 0 }
    // Measure from the first position: smaller products, less cancellation; edges that touch
    // the origin (the first and the closing one) contribute nothing.
    let origin = geometry.position(positions.lowerBound)
    var previous = (x: 0.0, y: 0.0)
    var last = origin
    var wraps = 0.0  // 360° per crossing so far: 0 for a ring that does not cross
    var twiceArea = 0.0
    for index in positions.dropFirst() {
        let position = geometry.position(index)
        let step = position.x - last.x
        if !AntimeridianSplit.isRoundTheGlobe(LonLat(last.x, last.y), LonLat(position.x, position.y)) {
            if step > 180 { wraps -= 360 } else if step < -180 { wraps += 360 }
        }
        last = position
        let current = (x: position.x - origin.x + wraps, y: position.y - origin.y)
        twiceArea += previous.x * current.y - current.x * previous.y
        previous = current
    }
    return twiceArea / 2
}
