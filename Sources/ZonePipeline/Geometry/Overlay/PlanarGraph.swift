/// The noded edges of a city on the output grid, as a planar graph with half-edges, and the
/// cycles that bound its faces.
///
/// Each edge carries, per group, how much higher that group's coverage count is on its left
/// than on its right (the sum of the labelled ring edges snapped onto it); edges where every
/// group's count is the same on both sides are left out, so only borders remain. Half-edge
/// 2e runs from `ends[e].0` to `ends[e].1` (the lower node index first), 2e + 1 back.
struct PlanarGraph {
    var nodes: [GridPoint] = []
    var ends: [(Int32, Int32)] = []
    /// Per edge, its nonzero (group, left − right) pairs: `deltaGroups[deltaStart[e]..<deltaStart[e + 1]]`.
    var deltaStart: [Int32] = [0]
    var deltaGroups: [Int32] = []
    var deltaValues: [Int32] = []
    /// The half-edge that follows each half-edge around its face (face on the left).
    var next: [Int32] = []
    /// The face cycle of each half-edge.
    var cycleOf: [Int32] = []
    /// Twice the signed area of each cycle, in grid units² (positive: counter-clockwise,
    /// a bounded face's outer border; negative: a connected part's outer border seen from outside).
    var cycleArea2: [Int128] = []
    /// One half-edge of each cycle.
    var cycleStart: [Int32] = []

    var edgeCount: Int { ends.count }
    var cycleCount: Int { cycleStart.count }

    @inline(__always) func origin(_ h: Int) -> Int { Int(h & 1 == 0 ? ends[h >> 1].0 : ends[h >> 1].1) }
    @inline(__always) func destination(_ h: Int) -> Int { Int(h & 1 == 0 ? ends[h >> 1].1 : ends[h >> 1].0) }

    /// Left-minus-right count of `group` across half-edge h.
    func delta(_ h: Int, group g: Int) -> Int32 {
        let e = h >> 1
        for k in Int(deltaStart[e])..<Int(deltaStart[e + 1]) where Int(deltaGroups[k]) == g {
            return h & 1 == 0 ? deltaValues[k] : -deltaValues[k]
        }
        return 0
    }

    init(_ edges: [SnappedEdge]) {
        var index = IntegerTable<GridPoint>(capacity: edges.count)
        func node(_ p: GridPoint) -> Int32 {
            let (i, new) = index.insert(p, Int32(nodes.count))
            if new { nodes.append(p) }
            return i
        }
        // (lower node, upper node, group, ±1), summed per edge and group.
        var keyed: [(key: UInt64, group: Int32, sign: Int32)] = []
        keyed.reserveCapacity(edges.count)
        for e in edges {
            let u = node(e.from), v = node(e.to)
            let key = u < v ? UInt64(u) << 32 | UInt64(v) : UInt64(v) << 32 | UInt64(u)
            keyed.append((key, e.group, u < v ? e.weight : -e.weight))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.group < $1.group }
        var i = 0
        while i < keyed.count {
            var j = i
            let before = deltaGroups.count
            while j < keyed.count && keyed[j].key == keyed[i].key {
                var k = j, sum: Int32 = 0
                while k < keyed.count && keyed[k].key == keyed[j].key && keyed[k].group == keyed[j].group {
                    sum += keyed[k].sign
                    k += 1
                }
                if sum != 0 { deltaGroups.append(keyed[j].group); deltaValues.append(sum) }
                j = k
            }
            if deltaGroups.count > before {
                ends.append((Int32(keyed[i].key >> 32), Int32(truncatingIfNeeded: keyed[i].key)))
                deltaStart.append(Int32(deltaGroups.count))
            }
            i = j
        }
        linkFaces()
    }

    /// Sorts each node's outgoing half-edges by angle and links every half-edge to the one that
    /// follows it around its face: at the destination, the outgoing half-edge just clockwise of
    /// the way back. Then walks the cycles.
    private mutating func linkFaces() {
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
        for n in 0..<nodes.count where first[n + 1] - first[n] > 1 {
            let o = nodes[n]
            let lo = Int(first[n]), hi = Int(first[n + 1])
            for i in (lo + 1)..<hi {
                let h = around[i]
                let p = nodes[Int(to(h))]
                var j = i
                while j > lo {
                    let q = nodes[Int(to(around[j - 1]))]
                    guard angleLess(p.x - o.x, p.y - o.y, q.x - o.x, q.y - o.y) else { break }
                    around[j] = around[j - 1]
                    j -= 1
                }
                around[j] = h
            }
        }
        var position = [Int32](repeating: 0, count: halfCount)
        for (k, h) in around.enumerated() { position[Int(h)] = Int32(k) }
        next = [Int32](repeating: 0, count: halfCount)
        for h in 0..<halfCount {
            let back = h ^ 1
            let v = Int(from(Int32(back)))
            let k = Int(position[back])
            let previous = k == Int(first[v]) ? Int(first[v + 1]) - 1 : k - 1
            next[h] = around[previous]
        }
        cycleOf = [Int32](repeating: -1, count: halfCount)
        for h in 0..<halfCount where cycleOf[h] < 0 {
            let c = Int32(cycleStart.count)
            cycleStart.append(Int32(h))
            var area: Int128 = 0
            let base = nodes[origin(h)]
            var k = h
            repeat {
                cycleOf[k] = c
                let p = nodes[origin(k)], q = nodes[destination(k)]
                area += Int128(p.x - base.x) * Int128(q.y - base.y) - Int128(q.x - base.x) * Int128(p.y - base.y)
                k = Int(next[k])
            } while k != h
            cycleArea2.append(area)
        }
    }
}

/// True when direction (ax, ay) comes before (bx, by) counter-clockwise from the +x axis.
@inline(__always)
func angleLess(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> Bool {
    let ha = ay < 0 || (ay == 0 && ax < 0), hb = by < 0 || (by == 0 && bx < 0)
    if ha != hb { return !ha }
    return Int128(ax) * Int128(by) - Int128(ay) * Int128(bx) > 0
}
