import ZoneSupport

/// Finds the slivers between neighbouring features narrower than a width (docs/ARCHITECTURE.md,
/// "Gaps between zones").
///
/// Two border segments of *different* features that face each other across free space, run
/// within 60° of antiparallel and come closer than `width` span a gap: the piece is the convex
/// hull of the parts of the two segments that lie within `width` of the other. The union of
/// the pieces, less everything a zone covers (the overlay takes that off), is the gap. So:
/// - a slit between two zones, or a notch where two zones (of one style or two) almost touch,
///   is found up to the point where it is `width` wide;
/// - a bay or courtyard of one feature is never found (its sides belong to one feature), and
///   neither is a space between features wider than `width` (no pair is close enough);
/// - a corner where two zones meet at a blunt angle (over 60°) is not a gap.
package struct GapFinder {
    /// Widest gap found, in metres.
    package let width: Double
    /// Pieces thinner than this many metres are dropped (degenerate: borders on one line).
    package let floor: Double

    /// One sliver between two features: a convex polygon in longitude/latitude.
    package struct Piece {
        /// Counter-clockwise ring, not closed.
        package var ring: [(lon: Double, lat: Double)]
        /// The two features, indices into the input, lower first.
        package var features: (Int, Int)
        /// The smallest and the largest distance across the piece between its two borders, in metres.
        package var minWidthM: Double
        package var maxWidthM: Double
    }

    /// The pieces between `features` (each a geometry in longitude/latitude), in a frame around
    /// `box`, in the order of their pairs of segments; pairs are measured in chunks on the cores
    /// lent (``IdleCores``).
    package func pieces(_ features: [PolygonalGeometry], box: BoundingBox, cores: IdleCores = .none) -> [Piece] {
        let frame = LocalFrame(box: box)
        let segments = BorderSegments(features, frame: frame)
        return pieces(segments, frame: frame, coverage: CoverageTest(segments), cores: cores)
    }

    /// The pieces between `segments` of different features, in the order of their pairs.
    /// With `coverage`, a piece inside a third zone is dropped; without, the segments are the
    /// border of the area the zones cover, and face only free space.
    package func pieces(_ segments: BorderSegments, frame: LocalFrame, coverage: CoverageTest?, cores: IdleCores)
        -> [Piece]
    {
        let pairs = segments.closePairs(within: width, where: { facing(segments[$0], segments[$1]) }, cores: cores)
        return cores.joinedMap(count: pairs.count, chunk: Self.pairChunk) { chunk in
            var out: [Piece] = []
            // The feature that covered the last point: the next piece is most often inside it too.
            var hint = -1
            for key in pairs[chunk] {
                let (s, t) = (Int(key >> 32), Int(key & 0xFFFF_FFFF))
                guard let piece = piece(segments[s], segments[t]) else { continue }
                // A piece inside a third zone (between borders of stacked, overlapping zones)
                // fills nothing: sampled at its centre and halfway to each corner. (Its own two
                // zones may overlap part of it where their borders cross; the rest is the gap.)
                let own = (segments.feature[s], segments.feature[t])
                if let coverage {
                    let centre = piece.hull.reduce(Point(x: 0, y: 0)) { $0 + $1 } * (1 / Double(piece.hull.count))
                    func covered(_ p: Point) -> Bool { coverage.covers(p, except: own, hint: &hint) }
                    if covered(centre) && piece.hull.allSatisfy({ covered(centre + ($0 - centre) * 0.5) }) { continue }
                }
                let ring = piece.hull.map { frame.unproject($0.x, $0.y) }.map { (lon: $0.lon, lat: $0.lat) }
                out.append(
                    Piece(
                        ring: ring, features: (Int(min(own.0, own.1)), Int(max(own.0, own.1))),
                        minWidthM: piece.narrowest, maxWidthM: piece.widest))
            }
            return out
        }
    }

    /// Pairs of segments measured per chunk (``IdleCores``).
    static let pairChunk = 1024

    /// The hull of the parts of s and t within `width` of each other, when they face each other.
    /// Whether s and t run within 60° of antiparallel and each reaches into the other's free
    /// side (a border has its area on the left, free space on the right).
    ///
    /// The sides first: they turn away most candidates (a border two features share, drawn by
    /// both, lies on neither's free side). Then the angle, squared: dot ≤ −½·|ds|·|dt|.
    func facing(_ s: Segment, _ t: Segment) -> Bool {
        let ds = s.b - s.a
        let dt = t.b - t.a
        guard max(-ds.cross(t.a - s.a), -ds.cross(t.b - s.a)) > 0,
            max(-dt.cross(s.a - t.a), -dt.cross(s.b - t.a)) > 0
        else { return false }
        let dot = ds.dot(dt)
        return dot < 0 && 4 * dot * dot >= ds.dot(ds) * dt.dot(dt)
    }

    /// The piece of two facing segments (``facing(_:_:)``).
    func piece(_ s: Segment, _ t: Segment) -> (hull: [Point], narrowest: Double, widest: Double)? {
        guard let sPart = s.part(within: width, of: t), let tPart = t.part(within: width, of: s) else { return nil }
        let across = max(
            t.distance(to: sPart.a), t.distance(to: sPart.b), s.distance(to: tPart.a), s.distance(to: tPart.b))
        guard across >= floor else { return nil }
        let hull = convexHull([sPart.a, sPart.b, tPart.a, tPart.b])
        guard hull.count >= 3 else { return nil }
        let narrowest = min(
            t.distance(to: sPart.a), t.distance(to: sPart.b), s.distance(to: tPart.a), s.distance(to: tPart.b),
            s.crosses(t) ? 0 : .infinity)
        return (hull, narrowest, across)
    }
}

/// A point or vector in a city's metric frame.
package struct Point {
    package var x: Double
    package var y: Double

    static func - (p: Point, q: Point) -> Point { Point(x: p.x - q.x, y: p.y - q.y) }
    static func + (p: Point, q: Point) -> Point { Point(x: p.x + q.x, y: p.y + q.y) }
    static func * (p: Point, k: Double) -> Point { Point(x: p.x * k, y: p.y * k) }
    func dot(_ q: Point) -> Double { x * q.x + y * q.y }
    func cross(_ q: Point) -> Double { x * q.y - y * q.x }
    package var length: Double { (x * x + y * y).squareRoot() }
}

/// A directed border segment, area on its left.
struct Segment {
    package var a: Point
    package var b: Point

    package func at(_ u: Double) -> Point { a + (b - a) * u }

    /// Whether the two segments cross (the nearest points are then 0 apart).
    func crosses(_ o: Segment) -> Bool {
        let d = b - a
        let e = o.b - o.a
        return (d.cross(o.a - a) > 0) != (d.cross(o.b - a) > 0) && (e.cross(a - o.a) > 0) != (e.cross(b - o.a) > 0)
    }

    /// Distance from p to the segment.
    package func distance(to p: Point) -> Double {
        let d = b - a
        let len2 = d.dot(d)
        let u = len2 > 0 ? min(1, max(0, (p - a).dot(d) / len2)) : 0
        return (p - at(u)).length
    }

    /// The sub-segment of points closer than `w` to `other` that face it (their perpendicular
    /// foot on other's line falls on `other`), or nil: the segment clipped to the rectangle
    /// that reaches w to either side of `other` (convex, so one interval). The ends' discs are
    /// left out, so a piece stops where the two borders stop facing each other (at the mouth
    /// of a slit into a wider space).
    package func part(within w: Double, of other: Segment) -> Segment? {
        let d = b - a
        let e = other.b - other.a
        let le = e.length
        guard le > 0 else { return nil }
        let (ex, ey) = (e.x / le, e.y / le)
        // In other's frame: u along it (0...le), v across it (-w...w).
        let (u0, v0) = ((a - other.a).dot(Point(x: ex, y: ey)), (a - other.a).cross(Point(x: ex, y: ey)))
        let (du, dv) = (d.dot(Point(x: ex, y: ey)), d.cross(Point(x: ex, y: ey)))
        var lo = Double.infinity
        var hi = -Double.infinity
        // The rectangle: 0 <= u <= le, |v| < w.
        if let (p, q) = Self.slab(u0, du, 0, le), let (r, s) = Self.slab(v0, dv, -w, w) {
            let (from, to) = (max(p, r, 0), min(q, s, 1))
            if from < to { (lo, hi) = (min(lo, from), max(hi, to)) }
        }
        guard lo < hi else { return nil }
        return Segment(a: at(lo), b: at(hi))
    }

    /// The parameters t where start + t·step lies in [min, max], or nil (an empty or unbounded-empty set).
    static func slab(_ start: Double, _ step: Double, _ min: Double, _ max: Double) -> (Double, Double)? {
        if step == 0 { return start >= min && start <= max ? (-Double.infinity, Double.infinity) : nil }
        let (t0, t1) = ((min - start) / step, (max - start) / step)
        return (Swift.min(t0, t1), Swift.max(t0, t1))
    }
}

/// The convex hull of a few points, counter-clockwise, without repeats (Andrew's monotone chain).
func convexHull(_ points: [Point]) -> [Point] {
    var p = points
    p.sort { ($0.x, $0.y) < ($1.x, $1.y) }
    guard p.count >= 3 else { return p }
    // Andrew's monotone chain in one array (one allocation per piece): the lower chain, then
    // the upper one back from the last point, without repeating either end.
    var hull: [Point] = []
    hull.reserveCapacity(2 * p.count)
    func turnsRight(_ q: Point, above floor: Int) -> Bool {
        hull.count >= floor && (hull[hull.count - 1] - hull[hull.count - 2]).cross(q - hull[hull.count - 2]) <= 0
    }
    for q in p {
        while turnsRight(q, above: 2) { hull.removeLast() }
        hull.append(q)
    }
    let upperFloor = hull.count + 1
    for q in p.reversed().dropFirst() {
        while turnsRight(q, above: upperFloor) { hull.removeLast() }
        hull.append(q)
    }
    hull.removeLast()
    return hull
}
