/// How much of one style a higher-priority style took, in m².
public struct ContestedArea: Hashable, Sendable {
    public var winner: [String]
    public var loser: [String]
    public var squareMetres: Double
}

/// Overlap priority between the groups of one city: walking from the highest priority down,
/// each group keeps its area minus the union of the groups above it, so no point belongs to two
/// groups. Overlay output nodes the borders it cut along, so neighbours share them exactly.
struct PriorityCarve {
    let context: GEOSContext

    /// `groups` in priority order (highest first) → carved geometries in the same order.
    func callAsFunction(_ groups: [(key: [String], geometry: GEOSGeometry, box: BoundingBox)])
        throws -> (geometries: [GEOSGeometry], contested: [ContestedArea]) {
        var carved: [GEOSGeometry] = []
        var contested: [ContestedArea] = []
        for (i, group) in groups.enumerated() {
            var result = group.geometry
            let above = groups[..<i].filter { $0.box.intersects(group.box) }
            if !above.isEmpty {
                let prepared = try PreparedGeometry(group.geometry)
                let overlapping = try above.filter { try prepared.intersects($0.geometry) }
                for winner in overlapping {
                    let shared = try group.geometry.intersection(winner.geometry).polygonalPart()
                    let area = sphericalArea(try PolygonalGeometry(shared))
                    if area > 0 { contested.append(ContestedArea(winner: winner.key, loser: group.key, squareMetres: area)) }
                }
                if !overlapping.isEmpty {
                    let mask = try GEOSGeometry.multiPolygon(of: overlapping.map(\.geometry), context: context).unaryUnion()
                    result = try group.geometry.difference(mask).polygonalPart()
                }
            }
            carved.append(result)
        }
        return (carved, contested)
    }
}
