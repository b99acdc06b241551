/// The union of one group's polygons, doing only the work overlaps need: polygons whose boxes
/// meet are found by a sweep over x, pairs that really intersect (a prepared-geometry test)
/// are joined with union-find, and each connected cluster is unioned once. A polygon that
/// meets no other passes through untouched, and most authored zones are such polygons.
struct Dissolve {
    let context: GEOSContext

    /// `polygons` (valid, one GEOS polygon each) → disjoint polygons covering the same area.
    func callAsFunction(_ polygons: [(geometry: GEOSGeometry, box: BoundingBox)]) throws -> [GEOSGeometry] {
        var clusters = UnionFind(count: polygons.count)
        let order = polygons.indices.sorted { polygons[$0].box.west < polygons[$1].box.west }
        var active: [Int] = []
        var prepared: [Int: PreparedGeometry] = [:]
        for i in order {
            let box = polygons[i].box
            active.removeAll { polygons[$0].box.east < box.west }
            for j in active where polygons[j].box.intersects(box) && clusters.find(i) != clusters.find(j) {
                let p = try prepared[j] ?? PreparedGeometry(polygons[j].geometry)
                prepared[j] = p
                if try p.intersects(polygons[i].geometry) { clusters.union(i, j) }
            }
            active.append(i)
        }
        var members: [Int: [Int]] = [:]
        for i in polygons.indices { members[clusters.find(i), default: []].append(i) }
        var out: [GEOSGeometry] = []
        for root in members.keys.sorted() {
            let cluster = members[root] ?? []
            if cluster.count == 1 {
                out.append(polygons[cluster[0]].geometry)
            } else {
                let collection = try GEOSGeometry.multiPolygon(of: cluster.map { polygons[$0].geometry }, context: context)
                out.append(try collection.unaryUnion())
            }
        }
        return out
    }
}

/// Disjoint sets over 0..<count with path halving and union by size.
struct UnionFind {
    private var parent: [Int]
    private var size: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        size = Array(repeating: 1, count: count)
    }

    mutating func find(_ x: Int) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    mutating func union(_ a: Int, _ b: Int) {
        var (ra, rb) = (find(a), find(b))
        guard ra != rb else { return }
        if size[ra] < size[rb] { swap(&ra, &rb) }
        parent[rb] = ra
        size[ra] += size[rb]
    }
}
