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
/// groups. Work is per polygon: only polygons whose interiors meet a higher group's polygons are
/// cut (neighbours that merely touch are left alone). Overlay output nodes the borders it cut
/// along, so neighbours share them exactly.
struct PriorityCarve {
    let context: GEOSContext

    /// `groups` in priority order (highest first) → each group's carved polygons, same order.
    func callAsFunction(_ groups: [GroupPolygons]) throws -> (polygons: [[GEOSGeometry]], contested: [ContestedArea]) {
        var carved: [[GEOSGeometry]] = []
        var contested: [[String]: [[String]: Double]] = [:]
        for (i, group) in groups.enumerated() {
            var kept: [GEOSGeometry] = []
            for polygon in group.polygons {
                var winners: [(key: [String], geometry: GEOSGeometry)] = []
                for higher in groups[..<i] {
                    for other in higher.polygons where other.box.intersects(polygon.box) {
                        if try polygon.geometry.interiorsIntersect(other.geometry) { winners.append((higher.key, other.geometry)) }
                    }
                }
                guard !winners.isEmpty else {
                    kept.append(polygon.geometry)
                    continue
                }
                for w in winners {
                    let shared = try PolygonalGeometry(try polygon.geometry.intersection(w.geometry).polygonalPart())
                    contested[w.key, default: [:]][group.key, default: 0] += sphericalArea(shared)
                }
                let mask = try GEOSGeometry.multiPolygon(of: winners.map(\.geometry), context: context).unaryUnion()
                kept.append(try polygon.geometry.difference(mask).polygonalPart())
            }
            carved.append(kept)
        }
        let pairs = contested.flatMap { winner, losers in
            losers.map { ContestedArea(winner: winner, loser: $0.key, squareMetres: $0.value) }
        }
        return (carved, pairs.sorted { ($0.winner.joined(separator: "\u{0}"), $0.loser.joined(separator: "\u{0}")) < ($1.winner.joined(separator: "\u{0}"), $1.loser.joined(separator: "\u{0}")) })
    }
}
