import ZoneGeometry
import ZoneSupport

/// Clips valid polygons with integer coordinates to an axis-aligned rectangle whose sides lie
/// on lines the polygons are noded at (``CityZoom/snapped(extent:buffer:cores:)``
/// puts a vertex wherever a border crosses a tile line ± buffer). Then every segment lies wholly
/// inside the closed rectangle or wholly outside its interior, and the clip is exact and
/// linear: the runs of a ring's inside segments (chains) are joined by walking the rectangle's
/// border counter-clockwise from where one leaves to where the next enters (Weiler–Atherton on
/// a convex window), rings that stay inside are kept whole, and a polygon whose border misses
/// the rectangle keeps it whole or not by whether it holds the rectangle's centre.
///
/// A geometry that breaks the condition (a segment crossing a side off a vertex) gives nil, and
/// the caller clips it another way.
struct GridRectangleClip {
    let xmin: Int64
    let ymin: Int64
    let xmax: Int64
    let ymax: Int64

    /// A grid point of this module's own: ZoneGeometry's `GridPoint` is a package type, whose
    /// `==`, `<` and init the compiler neither inlines nor specialises across modules.
    struct Point: Hashable, Comparable {
        var x: Int64
        var y: Int64

        @inline(__always) init(x: Int64, y: Int64) { (self.x, self.y) = (x, y) }

        /// Lowest first, then leftmost.
        @inline(__always) static func < (a: Point, b: Point) -> Bool { a.y != b.y ? a.y < b.y : a.x < b.x }
    }

    /// 1 when c lies left of a→b, -1 right, 0 on the line (exact).
    @inline(__always) static func orientation(_ a: Point, _ b: Point, _ c: Point) -> Int {
        let cross = Int128(b.x - a.x) * Int128(c.y - a.y) - Int128(b.y - a.y) * Int128(c.x - a.x)
        return cross > 0 ? 1 : (cross < 0 ? -1 : 0)
    }

    /// `g` ∩ the rectangle, or nil when `g` is not noded at the rectangle's sides.
    func callAsFunction(_ g: PolygonalGeometry) -> PolygonalGeometry? {
        guard Self.isOnGrid(g) else { return nil }
        var out = PolygonalGeometryBuilder()
        for p in 0..<g.polygonCount {
            // Most polygons of a tile range lie inside it: copied, as the clip would give them;
            // of the rest, most lie outside: nothing, as the clip would give.
            switch place(g, ring: g.polygonRings(p).lowerBound) {
            case .inside:
                appendInside(g, polygon: p, to: &out)
                continue
            case .outside: continue
            case .across: break
            }
            guard let polygons = clip(Self.points(g, polygon: p)) else { return nil }
            Self.append(polygons, to: &out)
        }
        return out.build()
    }

    /// True when every coordinate of `g` is an integer small enough that products of doubled
    /// coordinates stay exact (the magnitude first, so the conversion cannot trap; a
    /// truncation, not a call of the C library's round).
    static func isOnGrid(_ g: PolygonalGeometry) -> Bool {
        g.coordinates.allSatisfy { abs($0) < 1e9 && Double(Int64($0)) == $0 }
    }

    /// Polygon `p` of `g` (on the grid) as rings of points, closing points left out.
    static func points(_ g: PolygonalGeometry, polygon p: Int) -> [[Point]] {
        g.polygonRings(p).map { r -> [Point] in
            g.ringRange(r).dropLast().map { i -> Point in
                let (x, y) = g.position(i)
                return Point(x: Int64(x), y: Int64(y))
            }
        }
    }

    /// Polygons of rings (closing points left out) added to `out`.
    static func append(_ polygons: [[[Point]]], to out: inout PolygonalGeometryBuilder) {
        for polygon in polygons {
            for ring in polygon {
                for point in ring + [ring[0]] { out.add(x: Double(point.x), y: Double(point.y)) }
                out.closeRing()
            }
            out.closePolygon()
        }
    }

    /// Where a polygon lies, by its exterior.
    enum Place { case inside, outside, across }

    /// ``Place/inside`` when every position of exterior ring `r` lies inside the open rectangle
    /// (so do the polygon's holes, and every segment of its rings); ``Place/outside`` when the
    /// ring's box misses the open rectangle (the polygon has no area in it: no segment passes
    /// through it, and the rectangle's centre is outside the box).
    func place(_ g: PolygonalGeometry, ring r: Int) -> Place {
        let (x0, y0, x1, y1) = (Double(xmin), Double(ymin), Double(xmax), Double(ymax))
        let c = g.coordinates
        var inside = true
        var (west, south, east, north) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for i in g.ringRange(r) {
            let (x, y) = (c[2 * i], c[2 * i + 1])
            if inside && !(x > x0 && x < x1 && y > y0 && y < y1) { inside = false }
            (west, east, south, north) = (min(west, x), max(east, x), min(south, y), max(north, y))
        }
        if inside { return .inside }
        return east <= x0 || west >= x1 || north <= y0 || south >= y1 ? .outside : .across
    }

    /// Polygon `p`, which lies inside the open rectangle, as ``clip(_:)`` gives such a polygon,
    /// without its per-point arrays: rings of fewer than 3 points or no area left out (the
    /// polygon, when its exterior is), the exterior counter-clockwise and holes clockwise.
    func appendInside(_ g: PolygonalGeometry, polygon p: Int, to out: inout PolygonalGeometryBuilder) {
        let c = g.coordinates
        var added = false
        for (k, r) in g.polygonRings(p).enumerated() {
            let range = g.ringRange(r).dropLast()
            guard range.count >= 3 else {
                if k == 0 { return }
                continue
            }
            var area: Int64 = 0
            var (px, py) = (Int64(c[2 * (range.upperBound - 1)]), Int64(c[2 * (range.upperBound - 1) + 1]))
            for i in range {
                let (x, y) = (Int64(c[2 * i]), Int64(c[2 * i + 1]))
                area = area &+ (px &* y &- x &* py)
                (px, py) = (x, y)
            }
            guard area != 0 else {
                if k == 0 { return }
                continue
            }
            let first: Int
            if (area > 0) != (k == 0) {
                for i in range.reversed() { out.add(x: c[2 * i], y: c[2 * i + 1]) }
                first = range.upperBound - 1
            } else {
                for i in range { out.add(x: c[2 * i], y: c[2 * i + 1]) }
                first = range.lowerBound
            }
            out.add(x: c[2 * first], y: c[2 * first + 1])
            out.closeRing()
            added = true
        }
        if added { out.closePolygon() }
    }

    /// One polygon (exterior first, then holes; closing points left out) clipped: polygons of
    /// rings, each exterior counter-clockwise, its holes clockwise.
    func clip(_ polygon: [[Point]]) -> [[[Point]]]? {
        var parts = Parts()
        var missingExterior: [Point]?
        var missingHoles: [[Point]] = []
        for (k, source) in polygon.enumerated() {
            guard let ring = Self.oriented(source, exterior: k == 0) else { continue }
            guard let inside = classify(ring) else { return nil }
            if inside.count == ring.count {
                if k == 0 { parts.wholeExteriors.append(ring) } else { parts.holes.append(ring) }
            } else if inside.isEmpty {
                if k == 0 { missingExterior = ring } else { missingHoles.append(ring) }
            } else {
                parts.chains += Self.chains(ring, inside)
            }
        }
        // The border misses the rectangle's inside: the rectangle is in the polygon or not.
        let centre = Point(x: xmin + xmax, y: ymin + ymax)
        return assemble(parts) {
            guard let exterior = missingExterior, Self.holds(exterior, doubled: centre) else { return false }
            return !missingHoles.contains(where: { Self.holds($0, doubled: centre) })
        }
    }

    /// A polygon's pieces in the rectangle: the runs of its rings' segments inside (chains, from
    /// where each enters to where it leaves), and the rings wholly inside.
    struct Parts {
        var chains: [[Point]] = []
        var wholeExteriors: [[Point]] = []
        var holes: [[Point]] = []
    }

    /// A ring of at least three points with area, wound counter-clockwise as an exterior and
    /// clockwise as a hole; nil for one without.
    static func oriented(_ ring: [Point], exterior: Bool) -> [Point]? {
        guard ring.count >= 3 else { return nil }
        let area = twiceArea(ring)
        guard area != 0 else { return nil }
        return (area > 0) == exterior ? ring : ring.reversed()
    }

    /// The polygons the parts make: the chains stitched along the border into rings, whole
    /// exteriors as they are, each hole with its exterior. Without chains or a whole exterior,
    /// the rectangle itself when `covered()` (its centre lies in the polygon), with the holes.
    func assemble(_ parts: Parts, covered: () -> Bool) -> [[[Point]]]? {
        var holes = parts.holes
        if parts.chains.isEmpty {
            if let exterior = parts.wholeExteriors.first { return [[exterior] + holes] }
            return covered() ? [[corners] + holes] : []
        }
        guard let stitched = stitch(parts.chains) else { return nil }
        var exteriors: [[Point]] = []
        for ring in stitched {
            for loop in Self.loops(ring) {
                let area = Self.twiceArea(loop)
                if area > 0 { exteriors.append(loop) } else if area < 0 { holes.append(loop) }
            }
        }
        exteriors += parts.wholeExteriors
        return Self.assign(holes, to: exteriors)
    }

    /// The rectangle's corners, counter-clockwise from (xmin, ymin).
    var corners: [Point] {
        [Point(x: xmin, y: ymin), Point(x: xmax, y: ymin), Point(x: xmax, y: ymax), Point(x: xmin, y: ymax)]
    }

    /// The segments (segment i from point i to i + 1) that lie inside the closed rectangle with
    /// their middle inside the open one, ascending; nil when a segment crosses a side off a vertex.
    func classify(_ ring: [Point]) -> [Int32]? {
        var inside: [Int32] = []
        for i in ring.indices {
            let a = ring[i]
            let b = ring[i + 1 == ring.count ? 0 : i + 1]
            let mx = a.x + b.x
            let my = a.y + b.y
            if mx > 2 * xmin && mx < 2 * xmax && my > 2 * ymin && my < 2 * ymax {
                guard holdsClosed(a), holdsClosed(b) else { return nil }
                inside.append(Int32(i))
            } else if crossesInside(a, b) {
                return nil
            }
        }
        return inside
    }

    func holdsClosed(_ p: Point) -> Bool { p.x >= xmin && p.x <= xmax && p.y >= ymin && p.y <= ymax }

    /// True when segment a–b passes through the open rectangle.
    func crossesInside(_ a: Point, _ b: Point) -> Bool {
        if max(a.x, b.x) <= xmin || min(a.x, b.x) >= xmax || max(a.y, b.y) <= ymin || min(a.y, b.y) >= ymax {
            return false
        }
        var sides = (left: false, right: false)
        for c in corners {
            switch Self.orientation(a, b, c) {
            case 1: sides.left = true
            case -1: sides.right = true
            default: break
            }
        }
        return sides.left && sides.right
    }

    /// The runs of consecutive segments among `segments` (ascending indices, not all of the
    /// ring's), each as the points from where it enters to where it leaves (on the rectangle's
    /// border); a run through the ring's last segment goes on into one from its first.
    static func chains(_ ring: [Point], _ segments: [Int32]) -> [[Point]] {
        let n = ring.count
        var runs: [(first: Int, last: Int)] = []
        for s in segments {
            let i = Int(s)
            if let run = runs.last, run.last + 1 == i { runs[runs.count - 1].last = i } else { runs.append((i, i)) }
        }
        if runs.count > 1, runs[0].first == 0, runs[runs.count - 1].last == n - 1 {
            let wrapped = runs.removeLast()
            runs[0] = (wrapped.first, runs[0].last + n)
        }
        return runs.map { run in
            var chain = [ring[run.first % n]]
            chain.reserveCapacity(run.last - run.first + 2)
            for j in run.first...run.last { chain.append(ring[(j + 1) % n]) }
            return chain
        }
    }

    /// Where `p` (on the border) lies along it, counter-clockwise from (xmin, ymin).
    func perimeter(_ p: Point) -> Int64 {
        let w = xmax - xmin
        let h = ymax - ymin
        if p.y == ymin && p.x < xmax { return p.x - xmin }
        if p.x == xmax && p.y < ymax { return w + p.y - ymin }
        if p.y == ymax && p.x > xmin { return w + h + xmax - p.x }
        return 2 * w + h + ymax - p.y
    }

    /// The chains joined into rings: from each chain's end, counter-clockwise along the border
    /// (over the corners passed) to the nearest chain start; nil when two ends would go to one
    /// start (points the border meets more than twice), which a noded valid polygon does not do.
    ///
    /// A walk along the border also passes the chains' own points on it (where a border touches
    /// the rectangle's side and turns back in): those become points of the ring too, so the ring
    /// passes them twice and ``loops(_:)`` splits it there into the pieces that touch at them,
    /// rather than leaving one ring that touches itself.
    func stitch(_ chains: [[Point]]) -> [[Point]]? {
        let length = 2 * (xmax - xmin + ymax - ymin)
        let starts = chains.indices.map { perimeter(chains[$0][0]) }
        let order = chains.indices.sorted { starts[$0] < starts[$1] }
        // The points a walk may pass, by their place along the border: a walk takes those after
        // its end and before its next start, found by binary search (a border that touches the
        // side thousands of times is not scanned whole by every walk).
        var stops = corners.map { (point: $0, at: perimeter($0)) }
        for chain in chains where chain.count > 2 {
            for p in chain[1..<(chain.count - 1)] where p.x == xmin || p.x == xmax || p.y == ymin || p.y == ymax {
                stops.append((p, perimeter(p)))
            }
        }
        stops.sort { $0.at < $1.at }
        var used = [Bool](repeating: false, count: chains.count)
        var rings: [[Point]] = []
        for first in chains.indices where !used[first] {
            var ring: [Point] = []
            var c = first
            while !used[c] {
                used[c] = true
                ring += chains[c]
                let end = perimeter(chains[c].last!)
                // The next start at or after `end`, counter-clockwise (wrapping around).
                let at = order.partitioningIndex { starts[$0] >= end }
                let next = order[at == order.count ? 0 : at]
                let distance = (starts[next] - end + length) % length
                // The stops strictly between, in order: from the first past `end`, wrapping
                // around, while the distance from `end` grows below `distance` (a stop at `end`
                // itself comes last, at distance 0, and ends the walk).
                let past = stops.partitioningIndex { $0.at > end }
                for step in stops.indices {
                    let stop = stops[(past + step) % stops.count]
                    let along = (stop.at - end + length) % length
                    guard along > 0 && along < distance else { break }
                    ring.append(stop.point)
                }
                c = next
            }
            guard c == first else { return nil }
            rings.append(Self.removingRepeats(ring))
        }
        return rings
    }

    /// Consecutive equal points (and a last point equal to the first) left out once.
    static func removingRepeats(_ ring: [Point]) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(ring.count)
        for p in ring where out.last != p { out.append(p) }
        while out.count > 1 && out.first == out.last { out.removeLast() }
        return out
    }

    /// A ring that passes a point twice, split there into simple loops.
    static func loops(_ ring: [Point]) -> [[Point]] {
        guard ring.count >= 3 else { return [] }
        guard passesAPointTwice(ring) else { return [ring] }
        var seen: [Point: Int] = [:]
        var stack: [Point] = []
        var out: [[Point]] = []
        for p in ring {
            if let at = seen[p] {
                let loop = Array(stack[at...])
                for q in stack[(at + 1)...] { seen[q] = nil }
                stack.removeSubrange((at + 1)...)
                if loop.count >= 3 { out.append(loop) }
            } else {
                seen[p] = stack.count
                stack.append(p)
            }
        }
        if stack.count >= 3 { out.append(stack) }
        return out
    }

    /// Whether some point of `ring` comes twice. The points, offset from the lowest
    /// coordinates, sorted as one integer each when both offsets fit in 32 bits (a sort of
    /// integers, not of points through their comparison), else as points.
    static func passesAPointTwice(_ ring: [Point]) -> Bool {
        var (x0, x1, y0, y1) = (Int64.max, Int64.min, Int64.max, Int64.min)
        for p in ring { (x0, x1, y0, y1) = (min(x0, p.x), max(x1, p.x), min(y0, p.y), max(y1, p.y)) }
        guard x1 - x0 < 1 << 32 && y1 - y0 < 1 << 32 else {
            let sorted = ring.sorted()
            return zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
        }
        var keys = ring.map { UInt64(bitPattern: $0.x - x0) << 32 | UInt64(bitPattern: $0.y - y0) }
        keys.sort()
        for i in keys.indices.dropFirst() where keys[i] == keys[i - 1] { return true }
        return false
    }

    /// Twice the signed area (positive: counter-clockwise). Wrapping arithmetic: the terms may
    /// overflow on the way, the sum, bounded by the world's area, does not.
    static func twiceArea(_ ring: [Point]) -> Int64 {
        var sum: Int64 = 0
        var previous = ring[ring.count - 1]
        for p in ring {
            sum = sum &+ (previous.x &* p.y &- p.x &* previous.y)
            previous = p
        }
        return sum
    }

    /// True when `q` (doubled coordinates) is inside `ring`, which does not pass through it.
    static func holds(_ ring: [Point], doubled q: Point) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = Point(x: 2 * ring[i].x, y: 2 * ring[i].y)
            let b = Point(x: 2 * ring[j].x, y: 2 * ring[j].y)
            if (a.y > q.y) != (b.y > q.y) {
                // q.x < the crossing's x, compared without division.
                let lhs = (q.x - a.x) * (b.y - a.y)
                let rhs = (b.x - a.x) * (q.y - a.y)
                if (b.y - a.y > 0) ? lhs < rhs : lhs > rhs { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// True when `p` lies on a segment of `ring`.
    static func passes(_ ring: [Point], through p: Point) -> Bool {
        var a = ring[ring.count - 1]
        for b in ring {
            defer { a = b }
            guard p.x >= min(a.x, b.x), p.x <= max(a.x, b.x), p.y >= min(a.y, b.y), p.y <= max(a.y, b.y) else {
                continue
            }
            if Self.orientation(a, b, p) == 0 { return true }
        }
        return false
    }

    /// The lowest and highest coordinates of a ring.
    static func box(_ ring: [Point]) -> (min: Point, max: Point) {
        var (lo, hi) = (ring[0], ring[0])
        for p in ring {
            (lo.x, lo.y) = (Swift.min(lo.x, p.x), Swift.min(lo.y, p.y))
            (hi.x, hi.y) = (Swift.max(hi.x, p.x), Swift.max(hi.y, p.y))
        }
        return (lo, hi)
    }

    /// Each hole put with the exterior that holds it (the one whose area is smallest).
    static func assign(_ holes: [[Point]], to exteriors: [[Point]]) -> [[[Point]]] {
        var polygons = exteriors.map { [$0] }
        guard !holes.isEmpty else { return polygons }
        if exteriors.count == 1 {
            polygons[0] += holes
            return polygons
        }
        let areas = exteriors.map(twiceArea)
        let boxes = exteriors.map(box)
        for hole in holes {
            var best: Int?
            // An exterior holds a hole only if its box holds the hole's.
            let h = box(hole)
            for (e, exterior) in exteriors.enumerated() where best.map({ areas[e] < areas[$0] }) ?? true {
                let b = boxes[e]
                guard b.min.x <= h.min.x, h.max.x <= b.max.x, b.min.y <= h.min.y, h.max.y <= b.max.y else { continue }
                // A hole's vertex off the exterior's border decides (a hole may touch it).
                for probe in hole where !passes(exterior, through: probe) {
                    if holds(exterior, doubled: Point(x: 2 * probe.x, y: 2 * probe.y)) { best = e }
                    break
                }
            }
            if let best { polygons[best].append(hole) }
        }
        return polygons
    }
}
