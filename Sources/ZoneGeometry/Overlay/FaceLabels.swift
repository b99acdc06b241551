import ZoneSupport

/// Coverage counts of every face of a ``PlanarGraph``: for each cycle and group, how many of
/// the group's polygons cover the face the cycle bounds (0 outside all of them).
///
/// Counts change across a half-edge by its delta. Within a connected part of the graph they
/// follow from one cycle by walking across edges; each part's outer cycle takes the counts of
/// the face that holds the part, found by a ray cast straight down from the part's lowest
/// vertex (an infinitesimal step right of it, so vertical edges and vertices on the ray are
/// decided consistently). Parts with nothing below are in the unbounded face, counted 0.
///
/// With a few groups the counts are a table, cycles × groups. With many (thousands of
/// overlapping zones in one city) each cycle keeps only its nonzero counts, in group order, so
/// the labels cost what the faces' covers hold, not cycles × groups.
package struct FaceLabels {
    let groupCount: Int
    /// Up to this many groups, the counts are a table (``table``); beyond, lists (``group``):
    /// a table of 16 costs 64 bytes a cycle, a list 8 a cycle and 8 a label.
    static let tableGroups = 16
    /// counts[c * groupCount + g], with a table.
    private var table: [Int32] = []
    /// Per cycle, its labels: `group[start[c]..<start[c] + length[c]]` ascending, with their
    /// nonzero `counts` (without a table).
    private var start: [Int32] = []
    private var length: [Int32] = []
    private var group: [Int32] = []
    private var counts: [Int32] = []
    /// Cycles of one face share a class: a bounded cycle and the outer cycles of the parts
    /// inside it.
    private(set) var faces: DisjointSets

    private var hasTable: Bool { groupCount <= Self.tableGroups }

    package func count(cycle c: Int, group g: Int) -> Int32 {
        if hasTable { return (0..<groupCount).contains(g) ? table[c * groupCount + g] : 0 }
        var (lo, hi) = (Int(start[c]), Int(start[c]) + Int(length[c]))
        while lo < hi {
            let mid = (lo + hi) / 2
            if group[mid] < g { lo = mid + 1 } else { hi = mid }
        }
        return lo < Int(start[c]) + Int(length[c]) && group[lo] == g ? counts[lo] : 0
    }

    /// Calls `body` with each group of `range` that covers cycle `c` (count above 0), ascending.
    /// (A loop, not a lazy sequence: a sequence's closures would copy the labels for each face.)
    package func forEachCovering(cycle c: Int, in range: Range<Int>, _ body: (Int) -> Void) {
        if hasTable {
            for g in range.clamped(to: 0..<groupCount) where table[c * groupCount + g] > 0 { body(g) }
            return
        }
        let k0 = Int(start[c])
        for k in k0..<k0 + Int(length[c]) where counts[k] > 0 && range.contains(Int(group[k])) { body(Int(group[k])) }
    }

    /// The first (lowest) group of `range` that covers cycle `c`.
    package func firstCovering(cycle c: Int, in range: Range<Int>) -> Int? {
        if hasTable { return range.clamped(to: 0..<groupCount).first { table[c * groupCount + $0] > 0 } }
        let k0 = Int(start[c])
        for k in k0..<k0 + Int(length[c]) where counts[k] > 0 && range.contains(Int(group[k])) { return Int(group[k]) }
        return nil
    }

    /// Whether some group of `range` covers cycle `c`.
    package func isCovered(cycle c: Int, in range: Range<Int>) -> Bool { firstCovering(cycle: c, in: range) != nil }

    /// How many counts all cycles hold together: the table's size, or the lists' labels.
    package var storedLabels: Int { hasTable ? table.count : group.count }

    init(_ graph: PlanarGraph, groupCount: Int) throws {
        self.groupCount = groupCount
        let cycles = graph.cycleCount
        faces = DisjointSets(count: cycles)
        if hasTable {
            table = [Int32](repeating: 0, count: cycles * groupCount)
        } else {
            start = [Int32](repeating: 0, count: cycles)
            length = [Int32](repeating: 0, count: cycles)
            group.reserveCapacity(cycles)
            counts.reserveCapacity(cycles)
        }
        guard cycles > 0 else { return }

        // Each connected part has one outer (clockwise) cycle, which passes its lowest vertex:
        // which face holds the part is the cycle above the nearest edge below that vertex.
        // (Found by walking the outer cycles, not by joining every edge's nodes into parts:
        // the same rays, a twentieth of the build less; debug builds still check the parts.)
        assert(Self.onePartPerOuterCycle(graph), "planar overlay inconsistent: a part without one outer border")
        let rays = DownwardRays(graph)
        var inside: [[Int]] = Array(repeating: [], count: cycles)
        var roots: [Int] = []
        for c in 0..<cycles where graph.cycleIsOuter[c] {
            let start = Int(graph.cycleStart[c])
            var lowest = graph.origin(start)
            var h = Int(graph.next[start])
            while h != start {
                let n = graph.origin(h)
                if graph.nodes[n] < graph.nodes[lowest] { lowest = n }
                h = Int(graph.next[h])
            }
            if let h = rays.halfEdgeAbove(graph.nodes[lowest]) {
                let container = Int(graph.cycleOf[h])
                inside[container].append(c)
                faces.union(container, c)
            } else {
                roots.append(c)
            }
        }

        // Counts from the unbounded face inwards.
        var known = [Bool](repeating: false, count: cycles)
        var queue: [Int] = roots
        for c in roots { known[c] = true }
        var head = 0
        while head < queue.count {
            let c = queue[head]
            head += 1
            for child in inside[c] where !known[child] {
                if hasTable {
                    for g in 0..<groupCount { table[child * groupCount + g] = table[c * groupCount + g] }
                } else {
                    (start[child], length[child]) = (start[c], length[c])
                }
                known[child] = true
                queue.append(child)
            }
            let first = Int(graph.cycleStart[c])
            var h = first
            repeat {
                let other = Int(graph.cycleOf[h ^ 1])
                if !known[other] {
                    let e = h >> 1
                    if hasTable {
                        for g in 0..<groupCount { table[other * groupCount + g] = table[c * groupCount + g] }
                        for k in Int(graph.deltaStart[e])..<Int(graph.deltaStart[e + 1]) {
                            let d = h & 1 == 0 ? graph.deltaValues[k] : -graph.deltaValues[k]
                            table[other * groupCount + Int(graph.deltaGroups[k])] -= d
                        }
                    } else {
                        appendCrossing(
                            from: c, deltas: Int(graph.deltaStart[e])..<Int(graph.deltaStart[e + 1]),
                            alongEdge: h & 1 == 0, graph: graph, to: other)
                    }
                    known[other] = true
                    queue.append(other)
                }
                h = Int(graph.next[h])
            } while h != first
        }
        guard queue.count == cycles else {
            throw OverlayError.inconsistent("\(cycles - queue.count) face(s) not reached")
        }
    }

    /// The labels of `other`: cycle `c`'s, less each delta of the edge between them (as the
    /// edge runs, or negated when the half-edge runs against it), merged by group (both ascend),
    /// zeros left out.
    private mutating func appendCrossing(
        from c: Int, deltas: Range<Int>, alongEdge: Bool, graph: PlanarGraph, to other: Int
    ) {
        let begin = group.count
        var i = Int(start[c])
        let end = i + Int(length[c])
        var k = deltas.lowerBound
        while i < end || k < deltas.upperBound {
            let g =
                k == deltas.upperBound || (i < end && group[i] < graph.deltaGroups[k]) ? group[i] : graph.deltaGroups[k]
            var value: Int32 = 0
            if i < end && group[i] == g {
                value = counts[i]
                i += 1
            }
            if k < deltas.upperBound && graph.deltaGroups[k] == g {
                value -= alongEdge ? graph.deltaValues[k] : -graph.deltaValues[k]
                k += 1
            }
            if value != 0 {
                group.append(g)
                counts.append(value)
            }
        }
        (start[other], length[other]) = (Int32(begin), Int32(group.count - begin))
    }
}

extension FaceLabels {
    /// Whether every connected part of the graph has exactly one outer cycle (what the rays
    /// rely on): its nodes joined across its edges, each outer cycle counted for its part.
    static func onePartPerOuterCycle(_ graph: PlanarGraph) -> Bool {
        var parts = DisjointSets(count: graph.nodes.count)
        for (u, v) in graph.ends { parts.union(Int(u), Int(v)) }
        var outer = [Int32](repeating: 0, count: graph.nodes.count)
        for c in 0..<graph.cycleCount where graph.cycleIsOuter[c] {
            outer[parts.find(graph.origin(Int(graph.cycleStart[c])))] += 1
        }
        var seen = Set<Int>()
        for (u, _) in graph.ends where seen.insert(parts.find(Int(u))).inserted {
            if outer[parts.find(Int(u))] != 1 { return false }
        }
        return true
    }
}

/// A column index of a graph's non-vertical edges, for casting rays straight down.
///
/// About √E columns of equal width over the nodes' x range; when that crowds the edges into a
/// few columns (cities far apart in one overlay), the columns are cut at quantiles of the
/// nodes' x instead, so each holds about as many edges.
struct DownwardRays {
    let graph: PlanarGraph
    package let x0: Int64
    package let width: Int64
    /// Quantile columns: column k holds x in [bounds[k - 1], bounds[k]); empty for equal widths.
    private var bounds: [Int64] = []
    private var columnStart: [Int32] = []
    private var columnEdges: [Int32] = []

    /// How many times a mean column's edges the fullest column may hold before the columns are
    /// cut at quantiles instead.
    static let crowded = 16

    init(_ graph: PlanarGraph) {
        self.graph = graph
        var lo = Int64.max
        var hi = Int64.min
        for p in graph.nodes {
            lo = min(lo, p.x)
            hi = max(hi, p.x)
        }
        if graph.nodes.isEmpty { (lo, hi) = (0, 0) }
        x0 = lo
        let columns = max(1, Int(Double(graph.edgeCount).squareRoot()))
        width = max(1, (hi - lo) / Int64(columns) + 1)
        index(columnCount: Int((hi - lo) / width) + 1)
        let entries = Int(columnStart.last ?? 0)
        let fullest = zip(columnStart, columnStart.dropFirst()).map { Int($1 - $0) }.max() ?? 0
        guard fullest > Self.crowded * max(1, entries / max(1, columnStart.count - 1)), graph.nodes.count > 64 else {
            return
        }
        // Quantiles of a sample of the nodes' x (every k-th node: rings are walked in order).
        let step = max(1, graph.nodes.count / (16 * columns))
        let xs = stride(from: 0, to: graph.nodes.count, by: step).map { graph.nodes[$0].x }.sorted()
        var cuts: [Int64] = []
        for k in 1..<columns {
            let x = xs[k * xs.count / columns]
            if x > (cuts.last ?? lo) { cuts.append(x) }
        }
        bounds = cuts
        index(columnCount: cuts.count + 1)
    }

    /// The column of x (x within the nodes' range).
    @inline(__always)
    private func column(_ x: Int64) -> Int {
        guard !bounds.isEmpty else { return Int((x - x0) / width) }
        // The number of bounds at or below x.
        var (l, h) = (0, bounds.count)
        while l < h {
            let m = (l + h) / 2
            if bounds[m] <= x { l = m + 1 } else { h = m }
        }
        return l
    }

    /// Fills the columns: each non-vertical edge in every column its x range [min, max) meets.
    private mutating func index(columnCount: Int) {
        let graph = graph
        var counts = [Int32](repeating: 0, count: columnCount + 1)
        func span(_ e: Int) -> ClosedRange<Int>? {
            let a = graph.nodes[Int(graph.ends[e].0)].x
            let b = graph.nodes[Int(graph.ends[e].1)].x
            guard a != b else { return nil }
            return column(min(a, b))...column(max(a, b) - 1)
        }
        for e in 0..<graph.edgeCount { if let s = span(e) { for c in s { counts[c + 1] += 1 } } }
        for c in 0..<columnCount { counts[c + 1] += counts[c] }
        columnEdges = [Int32](repeating: 0, count: Int(counts[columnCount]))
        var fill = counts
        for e in 0..<graph.edgeCount {
            guard let s = span(e) else { continue }
            for c in s {
                columnEdges[Int(fill[c])] = Int32(e)
                fill[c] += 1
            }
        }
        columnStart = counts
    }

    /// The half-edge, directed left to right (so its left side faces up), of the nearest edge
    /// strictly below q on the vertical line just right of q; nil when there is none.
    func halfEdgeAbove(_ q: GridPoint) -> Int? {
        guard q.x >= x0 else { return nil }
        let column = column(q.x)
        guard column + 1 < columnStart.count else { return nil }
        var best: (e: Int, num: Int128, den: Int128, dy: Int128)?
        for k in Int(columnStart[column])..<Int(columnStart[column + 1]) {
            let e = Int(columnEdges[k])
            var a = graph.nodes[Int(graph.ends[e].0)]
            var b = graph.nodes[Int(graph.ends[e].1)]
            if a.x > b.x { swap(&a, &b) }
            guard a.x <= q.x, q.x < b.x else { continue }
            // y at q.x = num / den, den > 0
            let den = Int128(b.x - a.x)
            let dy = Int128(b.y - a.y)
            let num = Int128(a.y) * den + Int128(q.x - a.x) * dy
            guard num < Int128(q.y) * den else { continue }
            if let cur = best {
                let l = num * cur.den
                let r = cur.num * den
                if l < r || (l == r && dy * cur.den <= cur.dy * den) { continue }
            }
            best = (e, num, den, dy)
        }
        guard let e = best?.e else { return nil }
        let u = graph.nodes[Int(graph.ends[e].0)]
        let v = graph.nodes[Int(graph.ends[e].1)]
        return u.x < v.x ? 2 * e : 2 * e + 1
    }
}

enum OverlayError: Error, CustomStringConvertible {
    case inconsistent(String)

    package var description: String {
        switch self {
        case .inconsistent(let what): "planar overlay inconsistent: \(what)"
        }
    }
}
