/// How much of one group a higher-priority group took, in m².
public struct ContestedArea: Hashable, Sendable {
    public var winner: [String]
    public var loser: [String]
    public var squareMetres: Double
}

/// A group's polygons, each with its box.
typealias GroupPolygons = (key: [String], polygons: [(geometry: GEOSGeometry, box: BoundingBox)])

/// Overlap priority between the groups of one city: walking from the highest priority down,
/// each group keeps its area minus the area of the groups above it, so no point belongs to two
/// groups.
///
/// Against each higher group, the lower group's polygons and the higher group's polygons that
/// really intersect them (boxes, then a prepared-geometry test) are joined into clusters, and
/// each cluster is cut with one overlay. A large polygon met by many small zones is thus read
/// once, not once per zone; polygons that meet nothing are not touched. Overlay output nodes the
/// borders it cut along, so neighbours share them exactly.
struct PriorityCarve {
    let context: GEOSContext

    /// `groups` in priority order (highest first) → each group's carved polygons, same order.
    func callAsFunction(_ groups: [GroupPolygons]) throws -> (polygons: [[GEOSGeometry]], contested: [ContestedArea]) {
        var carved: [[GEOSGeometry]] = []
        var contested: [ContestedArea] = []
        var prepared: [[PreparedGeometry?]] = groups.map { Array(repeating: nil, count: $0.polygons.count) }
        for (i, group) in groups.enumerated() {
            var pieces = group.polygons
            for h in 0..<i {
                let winners = groups[h].polygons
                var clusters = UnionFind(count: pieces.count + winners.count)
                for (p, k) in boxPairs(pieces.map(\.box), winners.map(\.box)) {
                    let test = try prepared[h][k] ?? PreparedGeometry(winners[k].geometry)
                    prepared[h][k] = test
                    if try test.intersects(pieces[p].geometry) { clusters.union(p, pieces.count + k) }
                }
                var members: [Int: (pieces: [Int], winners: [Int])] = [:]
                for p in pieces.indices { members[clusters.find(p), default: ([], [])].pieces.append(p) }
                for k in winners.indices { members[clusters.find(pieces.count + k), default: ([], [])].winners.append(k) }
                var next: [(geometry: GEOSGeometry, box: BoundingBox)] = []
                var taken = 0.0
                for root in members.keys.sorted() {
                    guard let m = members[root], !m.pieces.isEmpty else { continue }
                    if m.winners.isEmpty {
                        next += m.pieces.map { pieces[$0] }
                        continue
                    }
                    let cluster = try GEOSGeometry.multiPolygon(of: m.pieces.map { pieces[$0].geometry }, context: context)
                    let mask = try GEOSGeometry.multiPolygon(of: m.winners.map { winners[$0].geometry }, context: context)
                    let rest = try cluster.difference(mask).polygonalPart()
                    let lost = sphericalArea(try PolygonalGeometry(cluster)) - sphericalArea(try PolygonalGeometry(rest))
                    if lost <= 0 {  // the cluster only touches the higher group
                        next += m.pieces.map { pieces[$0] }
                        continue
                    }
                    taken += lost
                    next += try rest.separatePolygons().map { ($0, try BoundingBox(PolygonalGeometry($0)) ?? pieces[m.pieces[0]].box) }
                }
                if taken > 0 { contested.append(ContestedArea(winner: groups[h].key, loser: group.key, squareMetres: taken)) }
                pieces = next
            }
            carved.append(pieces.map(\.geometry))
        }
        return (carved, contested)
    }

    /// Index pairs (a, b) whose boxes intersect, by a sweep over west edges.
    func boxPairs(_ a: [BoundingBox], _ b: [BoundingBox]) -> [(Int, Int)] {
        let all = a.indices.map { (box: a[$0], side: 0, index: $0) } + b.indices.map { (box: b[$0], side: 1, index: $0) }
        let order = all.indices.sorted { all[$0].box.west < all[$1].box.west }
        var active: [[Int]] = [[], []]
        var pairs: [(Int, Int)] = []
        for i in order {
            let item = all[i]
            let other = 1 - item.side
            active[other].removeAll { all[$0].box.east < item.box.west }
            for j in active[other] where all[j].box.intersects(item.box) {
                pairs.append(item.side == 0 ? (item.index, all[j].index) : (all[j].index, item.index))
            }
            active[item.side].append(i)
        }
        return pairs.sorted { $0 < $1 }
    }
}
