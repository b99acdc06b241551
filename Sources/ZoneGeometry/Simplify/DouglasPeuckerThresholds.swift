/// Douglas–Peucker significance of the vertices of one polyline (an arc, end points fixed).
///
/// `threshold[i]` is the tolerance below which vertex i survives: Douglas–Peucker at tolerance t
/// keeps exactly the vertices with `threshold > t`. A vertex's threshold is its distance to the
/// chord of the span it splits, capped just below the threshold of the vertex that made that span,
/// so thresholds strictly decrease down the split hierarchy. Restoring removed vertices from the largest
/// threshold down therefore always yields the Douglas–Peucker result of a smaller tolerance.
/// End points get +∞. A closed polyline (first = last point) is split first at the vertex
/// farthest from its start.
///
/// `xy` holds the points x0, y0, x1, y1, … (metres in the local frame).
func douglasPeuckerThresholds(_ xy: [Double]) -> [Double] {
    let n = xy.count / 2
    var threshold = [Double](repeating: .infinity, count: n)
    guard n > 2 else { return threshold }
    // Spans (first, last, cap of the vertex that made it), done with an explicit stack:
    // arcs can hold many thousand vertices.
    var stack: [(Int, Int, Double)] = [(0, n - 1, .infinity)]
    while let (first, last, cap) = stack.popLast() {
        guard last - first > 1 else { continue }
        var farthest = first + 1
        var distance = -1.0
        for i in (first + 1)..<last {
            let d = pointSegmentDistanceSquared(xy, i, first, last)
            if d > distance {
                distance = d
                farthest = i
            }
        }
        // Strictly below the cap, so a vertex always outranks those below it in the hierarchy
        // (with equal thresholds, a repair restoring "the most significant" vertex of a span
        // could pick a descendant and leave its ancestor off by more than the tolerance).
        let t = min(distance.squareRoot(), cap.nextDown)
        threshold[farthest] = t
        stack.append((first, farthest, t))
        stack.append((farthest, last, t))
    }
    return threshold
}

/// Squared distance from point i to the segment of points a and b (to point a when they coincide).
@inlinable @inline(__always)
package func pointSegmentDistanceSquared(_ xy: [Double], _ i: Int, _ a: Int, _ b: Int) -> Double {
    let px = xy[2 * i]
    let py = xy[2 * i + 1]
    let ax = xy[2 * a]
    let ay = xy[2 * a + 1]
    let dx = xy[2 * b] - ax
    let dy = xy[2 * b + 1] - ay
    let length2 = dx * dx + dy * dy
    var t = length2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / length2 : 0
    t = min(1, max(0, t))
    let ex = px - (ax + t * dx)
    let ey = py - (ay + t * dy)
    return ex * ex + ey * ey
}
