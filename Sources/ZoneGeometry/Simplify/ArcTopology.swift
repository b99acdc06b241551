/// One use of an arc by a ring: the arc, walked forwards or backwards.
struct ArcUse: Hashable, Sendable {
    var arc: Int
    package var reversed: Bool
}

/// The rings of a whole city as shared arcs (the TopoJSON / mapshaper topology).
///
/// Every distinct position (exact equality of the coordinate bits) is one vertex. A vertex is a
/// *junction* where the rings using it disagree about its neighbours, where three or more
/// ring-uses meet, or on the antimeridian (±180°). Rings are cut at junctions into arcs; each
/// arc is stored once, so a border shared by two rings is one arc that one ring walks forwards
/// and the other backwards. A ring without junctions is one closed arc starting at its smallest
/// vertex (x, then y) and heading to the smaller of that vertex's neighbours; a ring that
/// coincides with it (an island filling a hole) finds the same closed arc.
struct ArcTopology {
    /// Vertex positions in longitude/latitude, x0, y0, x1, y1, … .
    var lonLat: [Double]
    /// The same positions in the city's local frame, metres.
    package var xy: [Double]
    /// Arcs as vertex ids, in order; a closed arc ends with its first vertex.
    var arcs: [[Int32]]
    /// Rings as arc uses, in walking order.
    package var rings: [[ArcUse]]
    /// Per group, per polygon: its rings (indices into `rings`), exterior first.
    package var groups: [[[Int]]]
    /// The frame `xy` is in.
    var frame: LocalFrame

    var vertexCount: Int { lonLat.count / 2 }

    /// The topology of `groups` (each a valid polygonal geometry in longitude/latitude).
    ///
    /// Repeated consecutive positions are dropped. Before cutting, the linework is noded within
    /// `nodingEpsilon` degrees (about 11 µm): vertices that close are merged, then each vertex
    /// lying on a segment of another ring is inserted into that segment. Overlay output puts the
    /// points where a border was cut on the other group's segments, not on its vertices, and
    /// sometimes a unit in the last place beside each other; noded, borders that coincide also
    /// share their vertices. Vertices left unused by merging stay in the table, unused.
    ///
    /// `snapGrid`: the input is ``CityOverlay`` output on a grid of this many degrees, so noding
    /// has less to do (``NodingShortcut``); the topology is the same as without it.
    init(groups input: [PolygonalGeometry], frame: LocalFrame, nodingEpsilon: Double = 1e-10, snapGrid: Double? = nil) {
        self.frame = frame
        // Position → vertex id. Not a Dictionary: its seeded hashing showed in a full build's profile.
        var index = IntegerTable<VertexKey>(capacity: input.reduce(0) { $0 + $1.coordinates.count / 2 })
        lonLat = []
        var ringVertices: [[Int32]] = []
        groups = []
        for g in input {
            var polygons: [[Int]] = []
            for p in 0..<g.polygonCount {
                var members: [Int] = []
                for r in g.polygonRings(p) {
                    var ring: [Int32] = []
                    let range = g.ringRange(r)
                    // The closing position repeats the first; leave it out.
                    for i in range.dropLast() {
                        let (x, y) = g.position(i)
                        let id = index.insert(VertexKey(x, y)).value
                        if ring.last != id { ring.append(id) }
                    }
                    while ring.count > 1 && ring.first == ring.last { ring.removeLast() }
                    members.append(ringVertices.count)
                    ringVertices.append(ring)
                }
                polygons.append(members)
            }
            groups.append(polygons)
        }
        // The table's keys are the vertices; their bits, with -0.0 read as 0.0, are the positions.
        do {
            let vertices = index.takeKeys()
            lonLat.reserveCapacity(2 * vertices.count)
            for v in vertices {
                lonLat.append(Double(bitPattern: v.x))
                lonLat.append(Double(bitPattern: v.y))
            }
        }
        let shortcut = snapGrid.map { NodingShortcut(grid: $0, epsilon: nodingEpsilon) }
        if !(shortcut?.noVerticesMerge ?? false) {
            Self.mergeCloseVertices(&ringVertices, lonLat, epsilon: nodingEpsilon)
        }
        Self.insertVerticesLyingOnSegments(
            &ringVertices, lonLat, epsilon: nodingEpsilon, minLength: shortcut?.shortestSegmentMet ?? 0)
        // Rings that noding left without three vertices were slivers far thinner than any grid;
        // they go (an exterior with its polygon's holes).
        var kept: [[Int32]] = []
        groups = groups.map { polygons in
            polygons.compactMap { members -> [Int]? in
                guard let exterior = members.first, ringVertices[exterior].count >= 3 else { return nil }
                var out: [Int] = []
                for r in members where ringVertices[r].count >= 3 {
                    out.append(kept.count)
                    kept.append(ringVertices[r])
                }
                return out
            }
        }
        ringVertices = kept
        xy = lonLat
        for v in 0..<(lonLat.count / 2) {
            let p = frame.project(lonLat[2 * v], lonLat[2 * v + 1])
            xy[2 * v] = p.x
            xy[2 * v + 1] = p.y
        }
        arcs = []
        rings = []
        cutIntoArcs(ringVertices)
    }

    /// Fills `arcs` and `rings` from rings given as cyclic vertex lists.
    private mutating func cutIntoArcs(_ ringVertices: [[Int32]]) {
        var junction = Self.junctions(ringVertices, vertexCount: vertexCount)
        // Vertices on ±180° are where parts split at the antimeridian meet their other side:
        // kept, so the seam stays on the meridian and both sides still meet there.
        for v in 0..<vertexCount where abs(lonLat[2 * v]) == 180 { junction[v] = true }
        // Directed first segment (a, b) of a stored arc → the arc, and whether a ring starting
        // with (a, b) walks it backwards.
        var starts: [UInt64: ArcUse] = [:]
        func key(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(UInt32(a)) << 32 | UInt64(UInt32(b)) }
        func use(_ path: [Int32]) -> ArcUse {
            if path.count >= 2, let known = starts[key(path[0], path[1])] { return known }
            let arc = arcs.count
            arcs.append(path)
            if path.count >= 2 {
                starts[key(path[0], path[1])] = ArcUse(arc: arc, reversed: false)
                let n = path.count
                if starts[key(path[n - 1], path[n - 2])] == nil {
                    starts[key(path[n - 1], path[n - 2])] = ArcUse(arc: arc, reversed: true)
                }
            }
            return ArcUse(arc: arc, reversed: false)
        }

        for ring in ringVertices {
            let n = ring.count
            guard n > 0 else {
                rings.append([])
                continue
            }
            let cuts = ring.indices.filter { junction[Int(ring[$0])] }
            if cuts.isEmpty {
                let (path, flipped) = canonicalClosedPath(ring)
                var u = use(path)
                u.reversed = u.reversed != flipped
                rings.append([u])
                continue
            }
            var uses: [ArcUse] = []
            for (k, start) in cuts.enumerated() {
                let end = k + 1 < cuts.count ? cuts[k + 1] : cuts[0] + n
                var path: [Int32] = []
                path.reserveCapacity(end - start + 1)
                for i in start...end { path.append(ring[i % n]) }
                uses.append(use(path))
            }
            rings.append(uses)
        }
    }

    /// The closed path of a ring without junctions: from its smallest vertex towards the smaller
    /// of that vertex's neighbours; `flipped` when that walks the ring backwards.
    private func canonicalClosedPath(_ ring: [Int32]) -> (path: [Int32], flipped: Bool) {
        let n = ring.count
        func less(_ a: Int32, _ b: Int32) -> Bool {
            (lonLat[2 * Int(a)], lonLat[2 * Int(a) + 1]) < (lonLat[2 * Int(b)], lonLat[2 * Int(b) + 1])
        }
        var first = 0
        for i in 1..<n where less(ring[i], ring[first]) { first = i }
        let next = ring[(first + 1) % n]
        let previous = ring[(first + n - 1) % n]
        let flipped = n > 2 && less(previous, next)
        var path: [Int32] = []
        path.reserveCapacity(n + 1)
        for k in 0...n {
            path.append(ring[flipped ? (first - k % n + n) % n : (first + k) % n])
        }
        return (path, flipped)
    }

    /// True for each vertex where the ring-uses disagree about its neighbours or 3+ uses meet.
    static func junctions(_ rings: [[Int32]], vertexCount: Int) -> [Bool] {
        var uses = [UInt8](repeating: 0, count: vertexCount)
        var pair = [(Int32, Int32)](repeating: (-1, -1), count: vertexCount)
        var junction = [Bool](repeating: false, count: vertexCount)
        for ring in rings {
            let n = ring.count
            for i in 0..<n {
                let v = Int(ring[i])
                let a = ring[(i + n - 1) % n]
                let b = ring[(i + 1) % n]
                let neighbours = (min(a, b), max(a, b))
                if uses[v] == 0 {
                    pair[v] = neighbours
                } else if uses[v] >= 2 || pair[v] != neighbours {
                    junction[v] = true
                }
                uses[v] = min(uses[v] + 1, 3)
            }
        }
        return junction
    }

    /// Vertex `v` in longitude/latitude.
    func lonLat(_ v: Int32) -> (x: Double, y: Double) { (lonLat[2 * Int(v)], lonLat[2 * Int(v) + 1]) }

    /// Vertex `v` in the local frame.
    package func xy(_ v: Int32) -> (x: Double, y: Double) { (xy[2 * Int(v)], xy[2 * Int(v) + 1]) }

    /// The vertex ids of ring `r` (closed: the last repeats the first) when each arc keeps the
    /// vertices `keep(arc, index)` says (end points are always kept).
    func ringVertices(_ r: Int, keep: (Int, Int) -> Bool) -> [Int32] {
        var out: [Int32] = []
        for u in rings[r] {
            let path = arcs[u.arc]
            let n = path.count
            for k in 0..<n {
                let i = u.reversed ? n - 1 - k : k
                if k == 0 && !out.isEmpty { continue }  // the junction the previous arc ended at
                if k == 0 || k == n - 1 || keep(u.arc, i) { out.append(path[i]) }
            }
        }
        if let first = out.first, out.count > 1, out.last != first { out.append(first) }
        return out
    }
}

/// A position's identity: the bits of its coordinates, with -0.0 read as 0.0.
struct VertexKey: Hashable, IntegerTableKey {
    package let x: UInt64
    package let y: UInt64

    init(_ x: Double, _ y: Double) {
        self.x = (x + 0).bitPattern
        self.y = (y + 0).bitPattern
    }

    /// Mixed again after the products (a multiply between two xor-shifts): a double on a coarse
    /// grid (a tile's units, halves of them) has dozens of zero bits at the bottom of its bit
    /// pattern, so the products alone left the table's slot bits zero, put every key in a
    /// thirty-second of the slots and made each insert a long probe.
    package var tableHash: UInt64 {
        var h = x &* 0x9E37_79B9_7F4A_7C15 ^ y &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 32
        h &*= 0xD6E8_FEB8_6659_FD93
        return h ^ (h >> 32)
    }
}
