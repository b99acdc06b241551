import ZoneSupport

/// The rings of one group's area in a labelled ``PlanarGraph``: the half-edges with the group's
/// faces on the left and other faces on the right, linked by the tightest turn at each vertex
/// (so a ring never touches itself), grouped into polygons by the connected piece of faces
/// they bound. Exteriors come out counter-clockwise and holes clockwise (RFC 7946).
struct CoverageRings {
    let graph: PlanarGraph
    let faces: DisjointSets

    /// The polygons of each group `g` of `0..<groupCount`, whose faces may overlap
    /// (`groupsOf[c]`: the groups cycle c belongs to, ascending): each group's rings are traced
    /// from the edges with one of its faces on a side, found in one pass, so many groups do not
    /// each read every edge.
    package func polygons(groupCount: Int, groupsOf: [[Int32]]) throws -> [[[[GridPoint]]]] {
        var edgesOf = [[Int32]](repeating: [], count: groupCount)
        for e in 0..<graph.edgeCount {
            // The groups of either side, each once (both lists ascend).
            let (a, b) = (groupsOf[Int(graph.cycleOf[2 * e])], groupsOf[Int(graph.cycleOf[2 * e + 1])])
            var (i, j) = (0, 0)
            while i < a.count || j < b.count {
                let g = j == b.count || (i < a.count && a[i] <= b[j]) ? a[i] : b[j]
                if i < a.count && a[i] == g { i += 1 }
                if j < b.count && b[j] == g { j += 1 }
                edgesOf[Int(g)].append(Int32(e))
            }
        }
        var tracer = Tracer(graph: graph)
        return try (0..<groupCount).map { g in
            let edges = edgesOf[g].map { Int($0) }
            defer { tracer.forget(edges) }
            return try polygons(owned: { groupsOf[$0].contains(Int32(g)) }, edges: edges, tracer: &tracer)
        }
    }

    /// Polygons of the faces `owned`, traced from `edges` (ascending; every edge with an owned
    /// face on a side), each an exterior then its holes, as closed rings of grid points; polygons
    /// ordered by their exterior, holes by themselves (rings compared point by point, so two that
    /// share their lowest vertex keep one order), every ring starting at its lowest vertex.
    private func polygons(owned: (Int) -> Bool, edges: some Collection<Int>, tracer: inout Tracer) throws
        -> [[[GridPoint]]]
    {
        var pieces = faces
        for e in edges where owned(Int(graph.cycleOf[2 * e])) && owned(Int(graph.cycleOf[2 * e + 1])) {
            pieces.union(Int(graph.cycleOf[2 * e]), Int(graph.cycleOf[2 * e + 1]))
        }
        return try tracer.polygons(starts: edges.lazy.flatMap { [2 * $0, 2 * $0 + 1] }, pieces: &pieces) { h in
            owned(Int(graph.cycleOf[h])) && !owned(Int(graph.cycleOf[h ^ 1]))
        }
    }

    /// ``polygons(groupCount:groupsOf:)`` of every group at once, when each face belongs to one group at most
    /// (`owner[c]` for cycle c, -1 for none; groups `0..<groupCount`): one pass over the
    /// half-edges finds every group's borders, where one call per group looked at all of them.
    package func polygons(owner: [Int32], groupCount: Int) throws -> [[[[GridPoint]]]] {
        let halfCount = 2 * graph.edgeCount
        let left = graph.cycleOf.map { owner[Int($0)] }  // the owner of each half-edge's face
        // Faces of one group joined across their edges: each group's pieces of area.
        var pieces = faces
        for e in 0..<graph.edgeCount where left[2 * e] >= 0 && left[2 * e] == left[2 * e + 1] {
            pieces.union(Int(graph.cycleOf[2 * e]), Int(graph.cycleOf[2 * e + 1]))
        }
        // Each group's border half-edges, in order: counted, then placed.
        var start = [Int](repeating: 0, count: groupCount + 1)
        for h in 0..<halfCount where left[h] >= 0 && left[h] != left[h ^ 1] { start[Int(left[h]) + 1] += 1 }
        for g in 0..<groupCount { start[g + 1] += start[g] }
        var borders = [Int32](repeating: 0, count: start[groupCount])
        var fill = start
        for h in 0..<halfCount where left[h] >= 0 && left[h] != left[h ^ 1] {
            borders[fill[Int(left[h])]] = Int32(h)
            fill[Int(left[h])] += 1
        }
        var tracer = Tracer(graph: graph)
        return try (0..<groupCount).map { g in
            let mine = Int32(g)
            return try tracer.polygons(starts: borders[start[g]..<start[g + 1]].lazy.map { Int($0) }, pieces: &pieces) {
                left[$0] == mine && left[$0 ^ 1] != mine
            }
        }
    }

    /// Traces rings along border half-edges, with scratch space kept across calls.
    private struct Tracer {
        let graph: PlanarGraph
        var done: [Bool]
        // The walk that last passed each node: finds repeated vertices without hashing.
        var lastWalk: [Int32]
        var walks: Int32 = 0
        // Scratch for simpleLoops, per node (-1: not on the stack). Walks hold node numbers,
        // not points: a huge ring's walk is a quarter of the size, and needs no dictionary.
        var stackIndex: [Int32]

        init(graph: PlanarGraph) {
            self.graph = graph
            done = [Bool](repeating: false, count: 2 * graph.edgeCount)
            lastWalk = [Int32](repeating: -1, count: graph.nodes.count)
            stackIndex = lastWalk
        }

        /// Marks the half-edges of `edges` not walked, for another group's borders.
        mutating func forget(_ edges: [Int]) {
            for e in edges { (done[2 * e], done[2 * e + 1]) = (false, false) }
        }

        /// The polygons whose rings are walked from the border half-edges among `starts`
        /// (ascending) not yet walked; `pieces` groups the faces into pieces of area.
        mutating func polygons(
            starts: some Sequence<Int>, pieces: inout DisjointSets, isBorder: (Int) -> Bool
        ) throws -> [[[GridPoint]]] {
            var shells: [Int: [GridPoint]] = [:]
            var holes: [Int: [[GridPoint]]] = [:]
            var walk: [Int32] = []
            for h in starts where !done[h] && isBorder(h) {
                walk.removeAll(keepingCapacity: true)
                var repeats = false
                var k = h
                repeat {
                    done[k] = true
                    let v = graph.origin(k)
                    if lastWalk[v] == walks { repeats = true }
                    lastWalk[v] = walks
                    walk.append(Int32(v))
                    var n = Int(graph.next[k])
                    while !isBorder(n) { n = Int(graph.next[n ^ 1]) }
                    k = n
                } while k != h
                walks += 1
                let piece = pieces.find(Int(graph.cycleOf[h]))
                for ring in repeats ? CoverageRings.simpleLoops(walk, stackIndex: &stackIndex) : [walk] {
                    let area = area2(ring)
                    if area > 0 {
                        guard shells[piece] == nil else {
                            throw OverlayError.inconsistent("a piece of area has two exteriors")
                        }
                        shells[piece] = startingAtLowest(ring)
                    } else if area < 0 {
                        holes[piece, default: []].append(startingAtLowest(ring))
                    } else {
                        throw OverlayError.inconsistent("a ring without area")
                    }
                }
            }
            var out: [[[GridPoint]]] = []
            out.reserveCapacity(shells.count)
            for (piece, shell) in shells {
                let own = holes.removeValue(forKey: piece) ?? []
                out.append([shell] + own.sorted { $0.lexicographicallyPrecedes($1) })
            }
            guard holes.isEmpty else { throw OverlayError.inconsistent("a hole outside every exterior") }
            return out.sorted { $0[0].lexicographicallyPrecedes($1[0]) }
        }

        /// Twice the signed area of an open ring of nodes (``CityOverlay/area2(_:_:)``).
        private func area2(_ ring: [Int32]) -> Int128 {
            guard ring.count >= 3 else { return 0 }
            let o = graph.nodes[Int(ring[0])]
            var area: Int128 = 0
            for i in 1..<(ring.count - 1) {
                area += cross(o, graph.nodes[Int(ring[i])], graph.nodes[Int(ring[i + 1])])
            }
            return area
        }

        /// The ring's points, rotated to start at its lowest vertex, closed.
        private func startingAtLowest(_ ring: [Int32]) -> [GridPoint] {
            var low = 0
            for i in ring.indices where graph.nodes[Int(ring[i])] < graph.nodes[Int(ring[low])] { low = i }
            var out: [GridPoint] = []
            out.reserveCapacity(ring.count + 1)
            for i in 0...ring.count { out.append(graph.nodes[Int(ring[(low + i) % ring.count])]) }
            return out
        }
    }

    /// A closed walk (node numbers) cut at every vertex it passes twice into loops that pass
    /// each vertex once. `stackIndex` is scratch, -1 for every node, and left so.
    ///
    /// The tightest turn keeps apart the pieces of area that touch at a vertex, but where a
    /// piece touches itself (a bay whose mouth closes to a point) its walk passes the vertex
    /// twice; cut there it becomes an exterior and a hole that touch at the point (the OGC form).
    static func simpleLoops(_ walk: [Int32], stackIndex at: inout [Int32]) -> [[Int32]] {
        var loops: [[Int32]] = []
        var stack: [Int32] = []
        for k in 0...walk.count {
            let p = Int(walk[k == walk.count ? 0 : k])
            if at[p] >= 0 {
                let i = Int(at[p])
                let loop = Array(stack[i...])
                for q in loop { at[Int(q)] = -1 }
                if loop.count >= 3 { loops.append(loop) }
                stack.removeLast(stack.count - i)
            }
            at[p] = Int32(stack.count)
            stack.append(Int32(p))
        }
        for q in stack { at[Int(q)] = -1 }
        return loops
    }
}
