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
        for h in 0..<halfCount where !done[h] && isBorder(h) {
            var walk: [GridPoint] = []
            var repeats = false
            var k = h
            repeat {
                done[k] = true
                let v = graph.origin(k)
                if lastWalk[v] == walks { repeats = true }
                lastWalk[v] = walks
                walk.append(graph.nodes[v])
                var n = Int(graph.next[k])
                while !isBorder(n) { n = Int(graph.next[n ^ 1]) }
                k = n
            } while k != h
            walks += 1
            let piece = pieces.find(Int(graph.cycleOf[h]))
            for ring in repeats ? Self.simpleLoops(walk) : [walk] {
                let area = CityOverlay.area2(ring)
                if area > 0 {
                    guard shells[piece] == nil else { throw OverlayError.inconsistent("a piece of area has two exteriors") }
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

    /// A closed walk cut at every vertex it passes twice into loops that pass each vertex once.
    ///
    /// The tightest turn keeps apart the pieces of area that touch at a vertex, but where a
    /// piece touches itself (a bay whose mouth closes to a point) its walk passes the vertex
    /// twice; cut there it becomes an exterior and a hole that touch at the point (the OGC form).
    static func simpleLoops(_ walk: [GridPoint]) -> [[GridPoint]] {
        var loops: [[GridPoint]] = []
        var stack: [GridPoint] = []
        var at: [GridPoint: Int] = [:]
        for p in walk + [walk[0]] {
            if let i = at[p] {
                let loop = Array(stack[i...])
                for q in loop { at[q] = nil }
                if loop.count >= 3 { loops.append(loop) }
                stack.removeLast(stack.count - i)
            }
            at[p] = stack.count
            stack.append(p)
        }
        return loops
    }

    /// The ring rotated to start at its lowest vertex, closed.
    private func startingAtLowest(_ ring: [GridPoint]) -> [GridPoint] {
        var low = 0
        for i in ring.indices where ring[i] < ring[low] { low = i }
        var out = Array(ring[low...])
        out += ring[..<low]
        out.append(ring[low])
        return out
    }
}
