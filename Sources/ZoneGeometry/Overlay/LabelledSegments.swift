/// The distinct segments of a city's rings on the fine input grid, each stored once from its
/// lower end (`from < to`), with the net count per group of ring edges running along it from
/// `from` to `to` with the group's area on their left (exteriors counter-clockwise, holes
/// clockwise; an edge the other way counts -1).
///
/// A border two polygons of one group share is drawn twice in opposite directions and nets to
/// zero: it bounds nothing, so it is dropped before snapping. That removes the interior borders
/// of dissolved neighbourhoods before any work is spent on them (and their vertices never
/// become hot pixels on the borders that remain).
struct LabelledSegments {
    package var from: [GridPoint] = []
    package var to: [GridPoint] = []
    /// Labels of segment i: `labelGroup[labelStart[i]..<labelStart[i + 1]]`, nonzero weights.
    var labelStart: [Int32] = [0]
    var labelGroup: [Int32] = []
    var labelWeight: [Int32] = []
    /// Per label, a feature whose ring edge gave it its weight's sign (empty unless tracked:
    /// ``SegmentCollector/init(capacity:tracksFeatures:)``).
    var labelFeature: [Int32] = []

    package var count: Int { from.count }
}

/// Collects ring edges into ``LabelledSegments``.
struct SegmentCollector {
    /// The distinct segments, numbered; per segment, a linked list of its labels.
    private var table: IntegerTable<GridSegment>
    private var head: [Int32] = []
    private var group: [Int32] = []
    private var weight: [Int32] = []
    private var next: [Int32] = []
    /// Per label, the feature whose edge last took its weight away from zero: a feature drawing
    /// the segment in the direction of the final weight (empty unless tracked).
    private var feature: [Int32] = []
    private let tracksFeatures: Bool

    /// Room for `capacity` segments before growing; with `tracksFeatures`, each label keeps a
    /// feature that drew it (``LabelledSegments/labelFeature``).
    init(capacity: Int, tracksFeatures: Bool = false) {
        table = IntegerTable(capacity: capacity)
        head.reserveCapacity(capacity)
        group.reserveCapacity(capacity)
        weight.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
        self.tracksFeatures = tracksFeatures
        if tracksFeatures { feature.reserveCapacity(capacity) }
    }

    /// Adds the directed edge a → b with `g`'s area on its left, drawn by feature `f`.
    package mutating func append(_ a: GridPoint, _ b: GridPoint, group g: Int32, feature f: Int32 = -1) {
        let (p, q, w): (GridPoint, GridPoint, Int32) = a < b ? (a, b, 1) : (b, a, -1)
        let (u, new) = table.insert(GridSegment(from: p, to: q))
        if new { head.append(-1) }
        var k = head[Int(u)]
        while k >= 0 {
            if group[Int(k)] == g {
                if tracksFeatures && weight[Int(k)] == 0 { feature[Int(k)] = f }
                weight[Int(k)] += w
                return
            }
            k = next[Int(k)]
        }
        group.append(g)
        weight.append(w)
        if tracksFeatures { feature.append(f) }
        next.append(head[Int(u)])
        head[Int(u)] = Int32(group.count - 1)
    }

    /// The segments with a nonzero count for some group; the collector is left empty (its
    /// table goes first, so a huge ring's segments are not held three times).
    package mutating func finish() -> LabelledSegments {
        let segments = table.takeKeys()
        var s = LabelledSegments()
        s.from.reserveCapacity(segments.count)
        s.to.reserveCapacity(segments.count)
        s.labelStart.reserveCapacity(segments.count + 1)
        var labels: [(group: Int32, weight: Int32, feature: Int32)] = []
        for u in segments.indices {
            var k = head[u]
            labels.removeAll(keepingCapacity: true)
            while k >= 0 {
                if weight[Int(k)] != 0 {
                    labels.append((group[Int(k)], weight[Int(k)], tracksFeatures ? feature[Int(k)] : -1))
                }
                k = next[Int(k)]
            }
            guard !labels.isEmpty else { continue }
            labels.sort { $0.group < $1.group }
            s.from.append(segments[u].from)
            s.to.append(segments[u].to)
            for label in labels {
                s.labelGroup.append(label.group)
                s.labelWeight.append(label.weight)
                if tracksFeatures { s.labelFeature.append(label.feature) }
            }
            s.labelStart.append(Int32(s.labelGroup.count))
        }
        self = SegmentCollector(capacity: 0)
        return s
    }
}

/// Snap-rounded segments: segment i of the input became the path through the hot pixels
/// `pixels[path[k]]`, k in `pathStart[i]..<pathStart[i + 1]` (consecutive pixels distinct; one
/// pixel: nothing left), labelled as the input segment was.
struct SnappedSegments {
    var pixels: [GridPoint] = []
    var pathStart: [Int32] = [0]
    package var path: [Int32] = []
    var labels: LabelledSegments

    /// Calls `body(from, to, group, weight, feature)` for every labelled edge between
    /// consecutive pixels of a path: a path of n pixels and m labels gives (n − 1)·m edges,
    /// segment by segment (feature -1 when the labels track none).
    @inline(__always)
    func forEachEdge(_ body: (Int32, Int32, Int32, Int32, Int32) -> Void) {
        let tracked = !labels.labelFeature.isEmpty
        for i in 0..<(pathStart.count - 1) {
            let labelRange = Int(labels.labelStart[i])..<Int(labels.labelStart[i + 1])
            var k = Int(pathStart[i])
            while k + 1 < Int(pathStart[i + 1]) {
                for l in labelRange {
                    body(
                        path[k], path[k + 1], labels.labelGroup[l], labels.labelWeight[l],
                        tracked ? labels.labelFeature[l] : -1)
                }
                k += 1
            }
        }
    }
}
