/// The arcs of a city's topology with, per arc vertex, its significance and whether the current
/// simplification keeps it. End points of arcs are always kept.
package struct ArcSimplification {
    var topology: ArcTopology
    /// Per arc, per vertex: the vertex survives cut-off c when `threshold > c` (+∞ at end points).
    var threshold: [[Double]]
    /// Per arc, per vertex: kept now.
    package var kept: [[Bool]]
    /// Twice the signed area of each ring before simplification, in the local frame.
    let originalArea: [Double]

    /// Simplifies each arc once with `method` at `tolerance` metres in the local frame: Douglas–
    /// Peucker keeps vertices farther than the tolerance from the simplified line; Visvalingam
    /// eliminates vertices whose effective area is at most tolerance² (see
    /// ``visvalingamThresholds(_:maxDeviation:)``).
    init(_ topology: ArcTopology, method: SimplifyConfig.Method, tolerance: Double) {
        self.topology = topology
        threshold = []
        kept = []
        threshold.reserveCapacity(topology.arcs.count)
        kept.reserveCapacity(topology.arcs.count)
        for path in topology.arcs {
            var xy: [Double] = []
            xy.reserveCapacity(2 * path.count)
            for v in path {
                let p = topology.xy(v)
                xy.append(p.x)
                xy.append(p.y)
            }
            let t: [Double]
            let cutoff: Double
            switch method {
            case .douglasPeucker:
                t = douglasPeuckerThresholds(xy)
                cutoff = tolerance
            case .visvalingam:
                t = visvalingamThresholds(xy, maxDeviation: tolerance)
                cutoff = tolerance * tolerance
            }
            threshold.append(t)
            kept.append(t.map { $0 > cutoff })
        }
        originalArea = topology.rings.indices.map { r in
            Self.twiceSignedArea(topology.ringVertices(r) { _, _ in true }, topology)
        }
    }

    /// The indices of the vertices arc `a` keeps, in order.
    func keptIndices(_ a: Int) -> [Int] {
        kept[a].indices.filter { kept[a][$0] }
    }

    /// Vertex ids of ring `r` as simplified now (closed).
    func ringVertices(_ r: Int) -> [Int32] {
        topology.ringVertices(r) { kept[$0][$1] }
    }

    /// The index of the most significant removed vertex strictly between indices `i` and `j` of
    /// arc `a` (nil when there is none).
    func mostSignificantRemoved(arc a: Int, between i: Int, and j: Int) -> Int? {
        var best: Int?
        var bestThreshold = -Double.infinity
        for k in stride(from: i + 1, to: j, by: 1) where !kept[a][k] && threshold[a][k] > bestThreshold {
            best = k
            bestThreshold = threshold[a][k]
        }
        return best
    }

    /// Keeps the most significant removed vertex of any arc of ring `r`; false when there is none.
    @discardableResult
    mutating func restoreMostSignificant(ring r: Int) -> Bool {
        guard let best = mostSignificantRemoved(ring: r) else { return false }
        kept[best.arc][best.index] = true
        return true
    }

    /// The most significant removed vertex of any arc of ring `r` (nil when there is none).
    func mostSignificantRemoved(ring r: Int) -> (arc: Int, index: Int)? {
        var best: (arc: Int, index: Int)?
        var bestThreshold = -Double.infinity
        for u in topology.rings[r] {
            for k in kept[u.arc].indices where !kept[u.arc][k] && threshold[u.arc][k] > bestThreshold {
                best = (u.arc, k)
                bestThreshold = threshold[u.arc][k]
            }
        }
        return best
    }

    /// Keeps every vertex of arc `a`; false when it already did.
    @discardableResult
    mutating func unsimplify(arc a: Int) -> Bool {
        guard kept[a].contains(false) else { return false }
        kept[a] = Array(repeating: true, count: kept[a].count)
        return true
    }

    /// Twice the signed area of a closed ring of vertex ids, in the local frame, from its first vertex.
    static func twiceSignedArea(_ ring: [Int32], _ topology: ArcTopology) -> Double {
        guard ring.count >= 4 else { return 0 }
        let o = topology.xy(ring[0])
        var sum = 0.0
        for k in 1..<(ring.count - 2) {
            let a = topology.xy(ring[k])
            let b = topology.xy(ring[k + 1])
            sum += (a.x - o.x) * (b.y - o.y) - (b.x - o.x) * (a.y - o.y)
        }
        return sum
    }

    /// The groups as flat geometries in longitude/latitude, as simplified now.
    package func geometries() -> [PolygonalGeometry] {
        topology.groups.map { polygons in
            var g = PolygonalGeometryBuilder()
            for rings in polygons {
                for r in rings {
                    for v in ringVertices(r) {
                        let p = topology.lonLat(v)
                        g.add(x: p.x, y: p.y)
                    }
                    g.closeRing()
                }
                g.closePolygon()
            }
            // Unchecked: before repair (and in tests of it) a ring may have collapsed.
            return g.build(checkRings: false)
        }
    }
}
