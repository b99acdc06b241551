import ZoneSupport

/// The border segments of a city's features in a metric frame, each directed with its feature's
/// area on the left, and a grid to find the pairs of different features that come close.
package struct BorderSegments {
    private(set) var segments: [Segment] = []
    /// The feature of each segment.
    package private(set) var feature: [Int32] = []

    subscript(i: Int) -> Segment { segments[i] }

    /// Segments given with their features; each feature's segments must be consecutive.
    init(segments: [Segment], features: [Int32]) {
        precondition(segments.count == features.count)
        (self.segments, self.feature) = (segments, features)
    }

    init(_ features: [PolygonalGeometry], frame: LocalFrame) {
        for (f, g) in features.enumerated() {
            for p in 0..<g.polygonCount {
                let rings = g.polygonRings(p)
                for r in rings {
                    let range = g.ringRange(r)
                    guard range.count >= 4 else { continue }
                    let points = range.map { i -> Point in
                        let (x, y) = frame.project(g.position(i).x, g.position(i).y)
                        return Point(x: x, y: y)
                    }
                    // Exterior counter-clockwise, holes clockwise: the area is on the left.
                    var area2 = 0.0
                    for i in 0..<(points.count - 1) { area2 += points[i].cross(points[i + 1]) }
                    let forward = (area2 > 0) == (r == rings.lowerBound)
                    for i in 0..<(points.count - 1) {
                        let (a, b) = forward ? (points[i], points[i + 1]) : (points[i + 1], points[i])
                        guard a.x != b.x || a.y != b.y else { continue }
                        segments.append(Segment(a: a, b: b))
                        feature.append(Int32(f))
                    }
                }
            }
        }
    }

    /// Every pair of segments of different features whose boxes come within `w` of each other
    /// (a superset of the pairs closer than `w`) that passes the cheap test `candidate`, as
    /// `first << 32 | second` (first < second), in ascending order. The grid's
    /// cells are searched in chunks on the cores lent (``IdleCores``).
    func closePairs(within w: Double, where candidate: @escaping @Sendable (Int, Int) -> Bool, cores: IdleCores)
        -> [UInt64]
    {
        guard w > 0, segments.count > 1 else { return [] }
        // Boxes grown by w/2 meet when the segments' boxes come within w (GridIndex: counted
        // cells, each pair once). One cell per segment, not the default four: more pairs per
        // cell but fewer entries, which made the search faster on the benchmark corpus.
        let half = w / 2
        let grid = GridIndex(
            segments.map { s in
                BoundingBox(
                    west: min(s.a.x, s.b.x) - half, south: min(s.a.y, s.b.y) - half, east: max(s.a.x, s.b.x) + half,
                    north: max(s.a.y, s.b.y) + half)
            }, cellsPerItem: 1)
        let (segments, feature) = (segments, feature)
        var pairs = cores.joinedMap(count: grid.cellCount, chunk: Self.cellChunk) { cells in
            var pairs: [UInt64] = []
            // A feature's segments are consecutive, so the grid skips its pairs by runs.
            grid.forEachPair(apart: feature, cells: cells) { s, t in
                guard Self.boxesWithin(w, segments[s], segments[t]), candidate(s, t) else { return }
                pairs.append(UInt64(UInt32(s)) << 32 | UInt64(UInt32(t)))
            }
            return pairs
        }
        // The grid's order depends on its cells; the pairs' order on the segments alone.
        pairs.radixSort()
        return pairs
    }

    /// Cells of the grid searched per chunk (``IdleCores``).
    static let cellChunk = 1 << 12

    /// Whether the boxes of two segments come within w of each other.
    static func boxesWithin(_ w: Double, _ s: Segment, _ t: Segment) -> Bool {
        min(s.a.x, s.b.x) - w < max(t.a.x, t.b.x) && min(t.a.x, t.b.x) - w < max(s.a.x, s.b.x)
            && min(s.a.y, s.b.y) - w < max(t.a.y, t.b.y) && min(t.a.y, t.b.y) - w < max(s.a.y, s.b.y)
    }
}

/// Whether points lie inside any of the features: the features whose box holds the point
/// (found through a grid of boxes), each by the parity of its borders' crossings of a ray to
/// the right (for a feature of many segments, only those of the point's horizontal band).
package struct CoverageTest {
    private let segments: BorderSegments
    /// Each feature's segments (contiguous), box and index (a feature without segments has none).
    private var ranges: [Range<Int>] = []
    private var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
    private var features: [Int32] = []
    /// Per entry of `ranges`, its segments by horizontal band (nil for a feature of few segments).
    private var bands: [SegmentBands?] = []
    private let cell: Double
    /// Entries of `ranges` by the cells of side `cell` their boxes meet.
    private var cells = CellBuckets { _ in }
    /// Features (indices into `ranges`) whose box spans more than 64 cells: tried for every point.
    private var large: [Int32] = []

    init(_ segments: BorderSegments) {
        self.segments = segments
        let all = segments.segments
        var start = 0
        while start < all.count {
            var end = start + 1
            while end < all.count && segments.feature[end] == segments.feature[start] { end += 1 }
            var b = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
            for s in all[start..<end] {
                b = (min(b.x0, s.a.x, s.b.x), min(b.y0, s.a.y, s.b.y), max(b.x1, s.a.x, s.b.x), max(b.y1, s.a.y, s.b.y))
            }
            ranges.append(start..<end)
            boxes.append(b)
            features.append(segments.feature[start])
            bands.append(end - start > 32 ? SegmentBands(all, start..<end, south: b.y0, north: b.y1) : nil)
            start = end
        }
        let sizes = boxes.map { max($0.x1 - $0.x0, $0.y1 - $0.y0) }.sorted()
        cell = max(sizes.isEmpty ? 1 : sizes[sizes.count / 2], 1e-6)
        large = boxes.indices.compactMap { spansFewCells(boxes[$0]) ? nil : Int32($0) }
        cells = CellBuckets { add in
            for (f, b) in boxes.enumerated() where spansFewCells(b) {
                for cx in key(b.x0)...key(b.x1) {
                    for cy in key(b.y0)...key(b.y1) { add(GridPoint(x: cx, y: cy), Int32(f)) }
                }
            }
        }
    }

    private func key(_ v: Double) -> Int64 { Int64((v / cell).rounded(.down)) }

    /// Whether a box meets at most 64 cells (the others are in `large`).
    private func spansFewCells(_ b: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Bool {
        (key(b.x1) - key(b.x0) + 1) * (key(b.y1) - key(b.y0) + 1) <= 64
    }

    /// Whether p is strictly inside some feature other than the two `own` ones (on a border
    /// counts as either; the points asked about are off the borders). `hint` is the entry that
    /// covered the last point asked about (-1: none): it is tried first, and set to the entry
    /// found.
    func covers(_ p: Point, except own: (Int32, Int32), hint: inout Int) -> Bool {
        if hint >= 0 && inside(p, hint, except: own) { return true }
        for k in cells.range(GridPoint(x: key(p.x), y: key(p.y))) {
            let f = Int(cells.items[k])
            if f != hint && inside(p, f, except: own) {
                hint = f
                return true
            }
        }
        for f in large where Int(f) != hint && inside(p, Int(f), except: own) {
            hint = Int(f)
            return true
        }
        return false
    }

    /// Whether p is strictly inside entry f of `ranges`, unless it is one of the `own` features.
    private func inside(_ p: Point, _ f: Int, except own: (Int32, Int32)) -> Bool {
        guard features[f] != own.0, features[f] != own.1 else { return false }
        let b = boxes[f]
        guard b.x0 < p.x, p.x < b.x1, b.y0 < p.y, p.y < b.y1 else { return false }
        var inside = false
        func cross(_ s: Segment) {
            guard (s.a.y > p.y) != (s.b.y > p.y) else { return }
            if s.a.x + (p.y - s.a.y) / (s.b.y - s.a.y) * (s.b.x - s.a.x) > p.x { inside.toggle() }
        }
        if let band = bands[f] {
            for i in band.segments(at: p.y) { cross(segments[Int(i)]) }
        } else {
            for i in ranges[f] { cross(segments[i]) }
        }
        return inside
    }
}

/// One feature's segments by horizontal band of its box: each segment is listed in every band
/// its y range meets, so the segments that cross a height are all in that height's band.
private struct SegmentBands {
    let south: Double
    let height: Double
    let count: Int
    /// Compressed rows: band k lists `items[start[k]..<start[k + 1]]`.
    var start: [Int32] = []
    var items: [Int32] = []

    init(_ all: [Segment], _ range: Range<Int>, south: Double, north: Double) {
        self.south = south
        count = max(1, range.count / 4)
        height = max(north - south, 1e-9) / Double(count)
        var counts = [Int32](repeating: 0, count: count + 1)
        for i in range {
            let s = all[i]
            for k in band(min(s.a.y, s.b.y))...band(max(s.a.y, s.b.y)) { counts[k + 1] += 1 }
        }
        for k in 0..<count { counts[k + 1] += counts[k] }
        var fill = counts
        items = [Int32](repeating: 0, count: Int(counts[count]))
        for i in range {
            let s = all[i]
            for k in band(min(s.a.y, s.b.y))...band(max(s.a.y, s.b.y)) {
                items[Int(fill[k])] = Int32(i)
                fill[k] += 1
            }
        }
        start = counts
    }

    /// The band of height y (monotonic in y, clamped to the box).
    func band(_ y: Double) -> Int { max(0, min(count - 1, Int(((y - south) / height).rounded(.down)))) }

    /// The segments of y's band.
    func segments(at y: Double) -> ArraySlice<Int32> {
        let k = band(y)
        return items[Int(start[k])..<Int(start[k + 1])]
    }
}
