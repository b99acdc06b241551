/// The signed area of ring `ring` by the shoelace formula, in square degrees: positive when the
/// ring runs counter-clockwise (x east, y north), negative when clockwise, 0 below 3 positions.
///
/// RFC 7946 §3.1.6 (https://datatracker.ietf.org/doc/html/rfc7946#section-3.1.6) wants exterior
/// rings counter-clockwise and holes clockwise. The ring counts as closed whether or not its last
/// position repeats the first. Traps if `ring` is out of range, like an array subscript.
public func ringSignedArea(_ geometry: PolygonalGeometry, ring: Int) -> Double {
    let positions = geometry.ringRange(ring)
    guard positions.count >= 3 else { return 0 }
    // Measure from the first position: smaller products, less cancellation; edges that touch
    // the origin (the first and the closing one) contribute nothing.
    let origin = geometry.position(positions.lowerBound)
    var previous = (x: 0.0, y: 0.0)
    var twiceArea = 0.0
    for index in positions.dropFirst() {
        let position = geometry.position(index)
        let current = (x: position.x - origin.x, y: position.y - origin.y)
        twiceArea += previous.x * current.y - current.x * previous.y
        previous = current
    }
    return twiceArea / 2
}
