/// The rings of one group's area in a labelled ``PlanarGraph``: the half-edges with the group's
/// faces on the left and other faces on the right, linked by the tightest turn at each vertex
/// (so a ring never touches itself), grouped into polygons by the connected piece of faces
/// they bound. Exteriors come out counter-clockwise and holes clockwise (RFC 7946).
struct CoverageRings {
    let graph: PlanarGraph
    let faces: DisjointSets

    /// Polygons of the faces `owned`, each an exterior then its holes, as closed rings of grid
    /// points; polygons ordered by their lowest vertex, every ring starting at its own.
    func polygons(owned: (Int) -> Bool) throws -> [[[GridPoint]]] {
        let halfCount = 2 * graph.edgeCount
        func isBorder(_ h: Int) -> Bool { owned(Int(graph.cycleOf[h])) && !owned(Int(graph.cycleOf[h ^ 1])) }
        var pieces = faces
        for e in 0..<graph.edgeCount where owned(Int(graph.cycleOf[2 * e])) && owned(Int(graph.cycleOf[2 * e + 1])) {
            pieces.union(Int(graph.cycleOf[2 * e]), Int(graph.cycleOf[2 * e + 1]))
        }
        var done = [Bool](repeating: false, count: halfCount)
        var shells: [Int: [GridPoint]] = [:]
        var holes: [Int: [[GridPoint]]] = [:]
        // The walk that last passed each node: finds repeated vertices without hashing.
        var lastWalk = [Int32](repeating: -1, count: graph.nodes.count)
        var walks: Int32 = 0
        // Scratch for simpleLoops, per node (-1: not on the stack). Walks hold node numbers,
        // not points: a huge ring's walk is a quarter of the size, and needs no dictionary.
        var stackIndex = [Int32](repeating: -1, count: graph.nodes.count)
        var walk: [Int32] = []
        for h in 0..<halfCount where !done[h] && isBorder(h) {
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
            for ring in repeats ? Self.simpleLoops(walk, stackIndex: &stackIndex) : [walk] {
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
            out.append([shell] + (holes.removeValue(forKey: piece) ?? []).sorted { $0[0] < $1[0] })
        }
        guard holes.isEmpty else { throw OverlayError.inconsistent("a hole outside every exterior") }
        return out.sorted { $0[0][0] < $1[0][0] }
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

    /// Twice the signed area of an open ring of nodes (``CityOverlay/area2(_:)``).
    private func area2(_ ring: [Int32]) -> Int128 {
        guard ring.count >= 3 else { return 0 }
        let o = graph.nodes[Int(ring[0])]
        var area: Int128 = 0
        for i in 1..<(ring.count - 1) { area += cross(o, graph.nodes[Int(ring[i])], graph.nodes[Int(ring[i + 1])]) }
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
