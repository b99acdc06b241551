import ZoneGeometry

/// A gap between zones narrower than `gaps.report_m`, as the build report and `validate` list it.
public struct GapFinding: Sendable, Codable, Equatable {
    public var city: String
    /// Where each feature on its sides starts (file:line:column), in input order.
    public var features: [String]
    /// The groups of those features (`group_by` values joined by "/"), without repeats.
    public var styles: [String]
    /// The distance across it where it is narrowest and where it is widest (at most the width
    /// searched, `max(report_m, close_m)`: a notch is followed until it is that wide).
    public var minWidthM: Double
    public var maxWidthM: Double
    /// Its length (half its border) and its area on the sphere.
    public var lengthM: Double
    public var squareMetres: Double
    /// The centre of its box, in degrees.
    public var lon: Double
    public var lat: Double
    /// The groups that took it (`gaps.close_m`); empty when it is only reported.
    public var closedInto: [String]
}

/// Area a group gained by closing gaps, in m² on the sphere.
public struct ClosedArea: Sendable {
    public var group: [String]
    public var squareMetres: Double
}

extension CityGaps {
    /// The overlay's gap regions narrower than `report_m` somewhere, with the features on their sides.
    func findings(_ regions: [GapRegion], city: String, groups: [FeatureGroup], features all: [Feature])
        -> [GapFinding]
    {
        guard settings.reportM > 0, !regions.isEmpty else { return [] }
        let index = PieceIndex(pieces)
        return regions.compactMap { region in
            let near = index.pieces(touching: region)
            guard !near.isEmpty else { return nil }
            let narrowest = near.map { pieces[$0].minWidthM }.min()!
            let widest = near.map { pieces[$0].maxWidthM }.max()!
            guard narrowest < settings.reportM else { return nil }
            let members = Set(near.flatMap { [pieces[$0].features.0, pieces[$0].features.1] }).sorted()
            var styles: [String] = []
            for m in members {
                let style = groups[features[m].group].key.joined(separator: "/")
                if !styles.contains(style) { styles.append(style) }
            }
            return GapFinding(
                city: city, features: members.map { all[features[$0].index].location.description },
                styles: styles, minWidthM: narrowest, maxWidthM: widest, lengthM: region.lengthM,
                squareMetres: region.squareMetres,
                lon: (region.west + region.east) / 2, lat: (region.south + region.north) / 2,
                closedInto: region.groups.map { groups[$0].key.joined(separator: "/") })
        }
    }
}

/// Gap pieces by their boxes.
private struct PieceIndex {
    let grid: GridIndex

    init(_ pieces: [GapFinder.Piece]) {
        grid = GridIndex(
            pieces.map { p in
                BoundingBox(
                    west: p.ring.map(\.lon).min()!, south: p.ring.map(\.lat).min()!, east: p.ring.map(\.lon).max()!,
                    north: p.ring.map(\.lat).max()!)
            })
    }

    /// Pieces whose box meets the region's, grown by a margin for snapping, in index order.
    func pieces(touching r: GapRegion) -> [Int] {
        let m = 1e-6
        var found: [Int] = []
        grid.forEach(meeting: BoundingBox(west: r.west - m, south: r.south - m, east: r.east + m, north: r.north + m)) {
            found.append($0)
        }
        return found.sorted()
    }
}
