// Planar predicates for the repair of simplified arcs, in longitude/latitude (the coordinates
// that are written). Where floating point cannot tell the sign of an orientation, it counts as
// collinear: the repair then sees a touch and restores a vertex, which is always safe.

/// A point in the plane.
package typealias Point2 = (x: Double, y: Double)

/// +1 when c lies left of a→b, -1 when right, 0 when collinear or too close to call.
@inline(__always)
package func orientation(_ a: Point2, _ b: Point2, _ c: Point2) -> Int {
    let l = (b.x - a.x) * (c.y - a.y)
    let r = (b.y - a.y) * (c.x - a.x)
    let det = l - r
    // Shewchuk's ccwerrboundA is 3.33e-16·(|l| + |r|); twice that leaves a margin.
    let bound = 7e-16 * (abs(l) + abs(r))
    if det > bound { return 1 }
    if det < -bound { return -1 }
    return 0
}

/// True when the closed segments p1–p2 and q1–q2 share a point (uncertain cases count as yes).
func segmentsMeet(_ p1: Point2, _ p2: Point2, _ q1: Point2, _ q2: Point2) -> Bool {
    guard max(p1.x, p2.x) >= min(q1.x, q2.x), max(q1.x, q2.x) >= min(p1.x, p2.x),
        max(p1.y, p2.y) >= min(q1.y, q2.y), max(q1.y, q2.y) >= min(p1.y, p2.y)
    else { return false }
    let o1 = orientation(p1, p2, q1)
    let o2 = orientation(p1, p2, q2)
    if o1 != 0 && o1 == o2 { return false }
    let o3 = orientation(q1, q2, p1)
    let o4 = orientation(q1, q2, p2)
    if o3 != 0 && o3 == o4 { return false }
    // Either a proper crossing or a collinear/touching case whose boxes overlap.
    return true
}

/// True when segments o–a and o–b, which share the end point o, overlap along a piece (they
/// are collinear and head the same way; uncertain cases count as yes).
func segmentsFold(_ o: Point2, _ a: Point2, _ b: Point2) -> Bool {
    orientation(o, a, b) == 0 && (a.x - o.x) * (b.x - o.x) + (a.y - o.y) * (b.y - o.y) > 0
}

/// True when `p` lies inside the closed polygon whose vertices are `ring(0) … ring(count − 1)`
/// (the last joined back to the first), by the even-odd rule.
func pointInPolygon(_ p: Point2, count: Int, _ ring: (Int) -> Point2) -> Bool {
    var inside = false
    var j = count - 1
    for i in 0..<count {
        let a = ring(i)
        let b = ring(j)
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
            if p.x < x { inside.toggle() }
        }
        j = i
    }
    return inside
}

/// Squared distance from p to the segment a–b.
@inline(__always)
func pointSegmentDistance2(_ p: Point2, _ a: Point2, _ b: Point2) -> Double {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length2 = dx * dx + dy * dy
    var t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0
    t = min(1, max(0, t))
    let ex = p.x - (a.x + t * dx)
    let ey = p.y - (a.y + t * dy)
    return ex * ex + ey * ey
}
