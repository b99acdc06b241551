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

/// One input feature of a city as the geometry stage holds it.
struct InputFeature {
    /// Index into the city's features.
    var index: Int
    /// Index of its group, in priority order.
    var group: Int
    /// Split at the antimeridian and repaired.
    var geometry: PolygonalGeometry
}

/// The gaps of one city. Closing (`close_m`): the pieces ``GapFinder`` finds between the
/// features' borders go into the overlay as fills (closed into a group when narrower than
/// `close_m`, only measured when narrower than `report_m`), and its gap regions become the
/// findings. The report alone (`close_m` 0, the default): the overlay runs without fills, the
/// pieces are found on the border of the area it covers (``CityOverlay/CoverBorder``) and
/// measured apart (``GapMeasure``), so the report changes no output.
struct CityGaps {
    let config: GapsConfig
    private(set) var pieces: [GapFinder.Piece]
    let fills: [CityOverlay.Fill]
    let features: [InputFeature]
    /// The report is searched on the overlay's cover border, after it (``report(coverBorders:precision:cores:)``).
    let searchesCoverBorder: Bool
    /// The frame of the features' box (nil: fewer than two features, or none with area).
    private let box: BoundingBox?

    /// Within one group a gap goes to it; between two, to the higher-priority one (the lower
    /// index), or to both with `overlaps: allow`. Pieces are searched at `close_m` for closing
    /// and at `report_m` for the report (once when they are equal).
    init(config: PipelineConfig, features: [InputFeature], priority: Bool, cores: IdleCores = .none) {
        self.config = config.gaps
        self.features = features
        let (closeM, reportM) = (config.gaps.closeM, config.gaps.reportM)
        box =
            features.count > 1
            ? features.compactMap({ BoundingBox($0.geometry) }).reduce(nil, { $0?.union($1) ?? $1 }) : nil
        searchesCoverBorder = closeM == 0 && reportM > 0 && box != nil
        guard closeM > 0, let box else {
            (pieces, fills) = ([], [])
            return
        }
        // Even pieces thinner than the grid are kept: snapping does not always close such a
        // sliver (a 3 cm slit 350 m long survived it in the sample zones).
        func find(_ width: Double) -> [GapFinder.Piece] {
            width > 0
                ? GapFinder(width: width, floor: 1e-6).pieces(features.map(\.geometry), box: box, cores: cores) : []
        }
        // One search when closing is at least as wide as reporting: the report keeps the gaps
        // narrower than report_m somewhere.
        let closing = find(closeM)
        pieces = closeM >= reportM ? closing : find(reportM)
        var fills = closing.map { p in
            let (a, b) = (features[p.features.0].group, features[p.features.1].group)
            return CityOverlay.Fill(
                ring: p.ring, groups: a == b ? [a] : priority ? [min(a, b)] : [min(a, b), max(a, b)])
        }
        if closeM < reportM { fills += pieces.map { CityOverlay.Fill(ring: $0.ring, groups: []) } }
        self.fills = fills
    }

    /// The report alone: the pieces between the overlay's cover border edges of different
    /// features that face each other closer than `report_m` (no piece lies inside a zone: the
    /// border has free space on its right), and the regions they span that no zone covers.
    mutating func report(coverBorders borders: [CityOverlay.CoverBorder], precision: Int, cores: IdleCores) throws
        -> [GapRegion]
    {
        guard searchesCoverBorder, let box, !borders.isEmpty else { return [] }
        let frame = LocalFrame(box: box)
        let unit = pow10(precision)
        // Each feature's edges consecutive (in edge order), as the pair search wants them: a
        // counting sort by feature (-1, a feature not known, first).
        var start = [Int](repeating: 0, count: features.count + 2)
        for b in borders { start[Int(b.feature) + 2] += 1 }
        for k in 1..<start.count { start[k] += start[k - 1] }
        var order = [Int](repeating: 0, count: borders.count)
        for (i, b) in borders.enumerated() {
            order[start[Int(b.feature) + 1]] = i
            start[Int(b.feature) + 1] += 1
        }
        let segments = BorderSegments(
            segments: order.map { i in
                let (a, b) = (borders[i].from, borders[i].to)
                let p = frame.project(Double(a.x) / unit, Double(a.y) / unit)
                let q = frame.project(Double(b.x) / unit, Double(b.y) / unit)
                return Segment(a: Point(x: p.x, y: p.y), b: Point(x: q.x, y: q.y))
            }, features: order.map { borders[$0].feature })
        pieces = GapFinder(width: config.reportM, floor: 1e-6).pieces(
            segments, frame: frame, coverage: nil, cores: cores)
        return try GapMeasure(precision: precision, cores: cores).regions(pieces: pieces, borders: borders)
    }

    /// The overlay's gap regions narrower than `report_m` somewhere, with the features on their sides.
    func findings(_ regions: [GapRegion], city: String, groups: [FeatureGroup], features all: [Feature])
        -> [GapFinding]
    {
        guard config.reportM > 0, !regions.isEmpty else { return [] }
        let index = PieceIndex(pieces)
        return regions.compactMap { region in
            let near = index.pieces(touching: region)
            guard !near.isEmpty else { return nil }
            let narrowest = near.map { pieces[$0].minWidthM }.min()!
            let widest = near.map { pieces[$0].maxWidthM }.max()!
            guard narrowest < config.reportM else { return nil }
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
