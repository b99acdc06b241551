import Foundation

/// The noded edges of a city on the output grid, as a planar graph with half-edges, and the
/// cycles that bound its faces.
///
/// Each edge carries, per group, how much higher that group's coverage count is on its left
/// than on its right (the sum of the labelled ring edges snapped onto it); edges where every
/// group's count is the same on both sides are left out, so only borders remain. Half-edge
/// 2e runs from `ends[e].0` to `ends[e].1` (the lower node index first), 2e + 1 back.
package struct PlanarGraph {
    var nodes: [GridPoint] = []
    var ends: [(Int32, Int32)] = []
    /// Per edge, its nonzero (group, left − right) pairs: `deltaGroups[deltaStart[e]..<deltaStart[e + 1]]`.
    var deltaStart: [Int32] = [0]
    var deltaGroups: [Int32] = []
    var deltaValues: [Int32] = []
    /// Parallel to `deltaGroups` when the segments' labels track features
    /// (``LabelledSegments/labelFeature``): a feature whose ring edge runs along the edge in the
    /// direction of its value's sign (empty otherwise).
    var deltaFeatures: [Int32] = []
    /// The half-edge that follows each half-edge around its face (face on the left).
    package var next: [Int32] = []
    /// The face cycle of each half-edge.
    var cycleOf: [Int32] = []
    /// Per cycle, whether its signed area is negative or zero: a connected part's outer border
    /// seen from outside (positive: counter-clockwise, a bounded face's outer border). Zero
    /// only for a part without area, a tree of edges, whose one cycle runs along both sides
    /// (``GapMeasure``'s borders; an overlay's edges always bound area).
    var cycleIsOuter: [Bool] = []
    /// One half-edge of each cycle.
    var cycleStart: [Int32] = []
    /// Grid units per degree, for ``squareMetres(cycles:)``; nil when not given.
    private(set) var sphericalUnit: Double?

    var edgeCount: Int { ends.count }
    var cycleCount: Int { cycleStart.count }

    @inline(__always) package func origin(_ h: Int) -> Int { Int(h & 1 == 0 ? ends[h >> 1].0 : ends[h >> 1].1) }
    @inline(__always) func destination(_ h: Int) -> Int { Int(h & 1 == 0 ? ends[h >> 1].1 : ends[h >> 1].0) }

    /// Left-minus-right count of `group` across half-edge h.
    func delta(_ h: Int, group g: Int) -> Int32 {
        let e = h >> 1
        for k in Int(deltaStart[e])..<Int(deltaStart[e + 1]) where Int(deltaGroups[k]) == g {
            return h & 1 == 0 ? deltaValues[k] : -deltaValues[k]
        }
        return 0
    }

    /// `exactIn128`: compute angles and areas in Int128 (true) or Int64 (false; the nodes'
    /// box must be under 2^30 a side); nil chooses Int64 where it is exact (the tests
    /// compare the two).
    /// `sphericalUnit`: grid units per degree, to measure cycles' areas on the sphere
    /// (``squareMetres(cycles:)``).
    init(_ snapped: consuming SnappedSegments, exactIn128: Bool? = nil, sphericalUnit: Double? = nil) {
        // Nodes are the hot pixels that edges use, numbered in order of first use: edge and
        // cycle numbers follow from that, and with them the order of all output.
        var number = [Int32](repeating: -1, count: snapped.pixels.count)
        nodes.reserveCapacity(snapped.pixels.count)  // nearly all are used
        for i in 0..<(snapped.pathStart.count - 1) where snapped.pathStart[i + 1] - snapped.pathStart[i] > 1 {
            for k in Int(snapped.pathStart[i])..<Int(snapped.pathStart[i + 1]) where number[Int(snapped.path[k])] < 0 {
                number[Int(snapped.path[k])] = Int32(nodes.count)
                nodes.append(snapped.pixels[Int(snapped.path[k])])
            }
        }
        // Labelled edges as (upper node, group, ±weight, feature), bucketed by lower node
        // (counting sort).
        let tracked = !snapped.labels.labelFeature.isEmpty
        var start = [Int32](repeating: 0, count: nodes.count + 1)
        snapped.forEachEdge { p, q, _, _, _ in start[Int(min(number[Int(p)], number[Int(q)])) + 1] += 1 }
        for n in 0..<nodes.count { start[n + 1] += start[n] }
        var bucket = [(upper: Int32, group: Int32, sign: Int32, feature: Int32)](
            repeating: (0, 0, 0, 0), count: Int(start[nodes.count]))
        var fill = start
        snapped.forEachEdge { p, q, g, w, f in
            let u = number[Int(p)]
            let v = number[Int(q)]
            let (lower, entry) = u < v ? (u, (v, g, w, f)) : (v, (u, g, -w, f))
            bucket[Int(fill[Int(lower)])] = entry
            fill[Int(lower)] += 1
        }
        _ = consume snapped
        // Each node's few sorted by (upper node, group), summed per edge and group; the feature
        // kept is the one whose entry last took the sum away from zero (its sign is the
        // sum's). (Built in locals: appending to a stored property checks its uniqueness
        // every time.)
        var ends: [(Int32, Int32)] = []
        var deltaStart: [Int32] = [0]
        var deltaGroups: [Int32] = []
        var deltaValues: [Int32] = []
        var deltaFeatures: [Int32] = []
        bucket.withUnsafeMutableBufferPointer { all in
            for u in 0..<nodes.count {
                var b = UnsafeMutableBufferPointer(rebasing: all[Int(start[u])..<Int(start[u + 1])])
                b.sort { ($0.upper, $0.group) < ($1.upper, $1.group) }
                var j = 0
                while j < b.count {
                    let v = b[j].upper
                    let before = deltaGroups.count
                    while j < b.count && b[j].upper == v {
                        let g = b[j].group
                        var sum: Int32 = 0
                        var feature: Int32 = -1
                        while j < b.count && b[j].upper == v && b[j].group == g {
                            if sum == 0 { feature = b[j].feature }
                            sum += b[j].sign
                            j += 1
                        }
                        if sum != 0 {
                            deltaGroups.append(g)
                            deltaValues.append(sum)
                            if tracked { deltaFeatures.append(feature) }
                        }
                    }
                    if deltaGroups.count > before {
                        ends.append((Int32(u), v))
                        deltaStart.append(Int32(deltaGroups.count))
                    }
                }
            }
        }
        (self.ends, self.deltaStart, self.deltaGroups, self.deltaValues) = (ends, deltaStart, deltaGroups, deltaValues)
        self.deltaFeatures = deltaFeatures
        // Gone before the faces are linked, whose arrays are the graph's peak.
        (number, start, fill, bucket) = ([], [], [], [])
        // Angles and areas are exact in Int64 when the nodes' box is under 2^30 a side (every
        // city at 6 decimals): products of two node differences fit, and so does twice a
        // cycle's area (at most twice the box's), which a wrapping sum then gives exactly.
        self.sphericalUnit = sphericalUnit
        if !(exactIn128 ?? !Self.spanBelow(1 << 30, nodes)) {
            linkFaces(Int64.self)
        } else {
            linkFaces(Int128.self)
        }
    }

    /// Sorts each node's outgoing half-edges by angle and links every half-edge to the one that
    /// follows it around its face: at the destination, the outgoing half-edge just clockwise of
    /// the way back. Then walks the cycles.
    private mutating func linkFaces<Exact: FixedWidthInteger & SignedInteger>(_: Exact.Type) {
        let halfCount = 2 * ends.count
        let nodes = self.nodes
        let ends = self.ends
        func from(_ h: Int32) -> Int32 { h & 1 == 0 ? ends[Int(h >> 1)].0 : ends[Int(h >> 1)].1 }
        func to(_ h: Int32) -> Int32 { h & 1 == 0 ? ends[Int(h >> 1)].1 : ends[Int(h >> 1)].0 }
        // Outgoing half-edges grouped by node (counting sort), then each node's few sorted by angle.
        var first = [Int32](repeating: 0, count: nodes.count + 1)
        for h in 0..<Int32(halfCount) { first[Int(from(h)) + 1] += 1 }
        for n in 0..<nodes.count { first[n + 1] += first[n] }
        var around = [Int32](repeating: 0, count: halfCount)
        var fill = first
        for h in 0..<Int32(halfCount) {
            let n = Int(from(h))
            around[Int(fill[n])] = h
            fill[n] += 1
        }
        // Two half-edges around a node are in cyclic order either way round (each follows the
        // other), so only nodes of three or more are sorted: most nodes, on a border between
        // two others, load nothing here.
        for n in 0..<nodes.count where first[n + 1] - first[n] > 2 {
            let o = nodes[n]
            let lo = Int(first[n])
            let hi = Int(first[n + 1])
            for i in (lo + 1)..<hi {
                let h = around[i]
                let p = nodes[Int(to(h))]
                var j = i
                while j > lo {
                    let q = nodes[Int(to(around[j - 1]))]
                    guard angleLess(p.x - o.x, p.y - o.y, q.x - o.x, q.y - o.y, in: Exact.self) else { break }
                    around[j] = around[j - 1]
                    j -= 1
                }
                around[j] = h
            }
        }
        // The half-edge arriving as the twin of around[k] leaves by the one before it.
        var next = [Int32](repeating: 0, count: halfCount)
        for v in 0..<nodes.count {
            let lo = Int(first[v])
            let hi = Int(first[v + 1])
            for k in lo..<hi { next[Int(around[k] ^ 1)] = around[k == lo ? hi - 1 : k - 1] }
        }
        var cycleOf = [Int32](repeating: -1, count: halfCount)
        var cycleStart: [Int32] = []
        var cycleIsOuter: [Bool] = []
        for h in 0..<halfCount where cycleOf[h] < 0 {
            let c = Int32(cycleStart.count)
            cycleStart.append(Int32(h))
            var area: Exact = 0
            let base = nodes[Int(from(Int32(h)))]
            var k = Int32(h)
            var p = base
            repeat {
                cycleOf[Int(k)] = c
                let q = nodes[Int(to(k))]
                area &+=
                    Exact(truncatingIfNeeded: p.x - base.x) &* Exact(truncatingIfNeeded: q.y - base.y)
                    &- Exact(truncatingIfNeeded: q.x - base.x) &* Exact(truncatingIfNeeded: p.y - base.y)
                p = q
                k = next[Int(k)]
            } while k != Int32(h)
            cycleIsOuter.append(area <= 0)
        }
        (self.next, self.cycleOf, self.cycleStart, self.cycleIsOuter) = (next, cycleOf, cycleStart, cycleIsOuter)
    }

    /// The signed areas on the sphere in m² of the cycles `wanted` marks (0 for the others):
    /// ``sphericalRingArea(count:_:)`` summed edge by edge, as the trapezoids between each
    /// edge and a parallel (the edge's width in longitude times its ends' sines of latitude),
    /// so that each edge adds its term to the cycles on its two sides. Summed in one pass over
    /// the edges in their order (nodes near each other, cycles too): walking each cycle
    /// instead waited on memory at every half-edge, a visible part of a build where nearly
    /// every face is contested. Widths are exact grid differences, and sines are
    /// taken from the first node's, so the terms stay small.
    package func squareMetres(cycles wanted: [Bool]) -> [Double] {
        guard let unit = sphericalUnit else { preconditionFailure("a PlanarGraph made without a sphericalUnit") }
        precondition(wanted.count == cycleCount, "one flag per cycle")
        var sums = [Double](repeating: 0, count: cycleCount)
        guard let base = nodes.first else { return sums }
        let radians = Double.pi / 180 / unit
        let baseSines = 2 * sin(Double(base.y) * radians)
        for e in 0..<edgeCount {
            // Half-edge 2e runs from ends.0 to ends.1 with its cycle on the left; its twin is
            // the other side's, the same term negated.
            let (left, right) = (Int(cycleOf[2 * e]), Int(cycleOf[2 * e + 1]))
            guard left != right && (wanted[left] || wanted[right]) else { continue }
            let (p, q) = (nodes[Int(ends[e].0)], nodes[Int(ends[e].1)])
            let sines = sin(Double(p.y) * radians) + sin(Double(q.y) * radians) - baseSines
            let term = Double(q.x - p.x) * sines
            sums[left] += term
            sums[right] -= term
        }
        let scale = -radians * 6_378_137.0 * 6_378_137.0 / 2
        for c in 0..<cycleCount { sums[c] = wanted[c] ? sums[c] * scale : 0 }
        return sums
    }
}

extension PlanarGraph {
    /// Whether the points' box is narrower and lower than `limit`.
    static func spanBelow(_ limit: Int64, _ points: [GridPoint]) -> Bool {
        guard let first = points.first else { return true }
        var (x0, x1, y0, y1) = (first.x, first.x, first.y, first.y)
        for p in points {
            (x0, x1) = (min(x0, p.x), max(x1, p.x))
            (y0, y1) = (min(y0, p.y), max(y1, p.y))
        }
        return x1 - x0 < limit && y1 - y0 < limit
    }
}

/// True when direction (ax, ay) comes before (bx, by) counter-clockwise from the +x axis, the
/// cross product computed in `Exact`, which must hold it (Int128 always; Int64 for components
/// under 2^31).
@inline(__always)
func angleLess<Exact: FixedWidthInteger & SignedInteger>(
    _ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64, in _: Exact.Type
) -> Bool {
    let ha = ay < 0 || (ay == 0 && ax < 0)
    let hb = by < 0 || (by == 0 && bx < 0)
    if ha != hb { return !ha }
    return Exact(truncatingIfNeeded: ax) &* Exact(truncatingIfNeeded: by)
        &- Exact(truncatingIfNeeded: ay) &* Exact(truncatingIfNeeded: bx) > 0
}
