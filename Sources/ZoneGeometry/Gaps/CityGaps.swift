import ZoneSupport

/// One input feature of a city as the geometry stage holds it.
package struct InputFeature {
    /// Index into the city's features.
    package var index: Int
    /// Index of its group, in priority order.
    package var group: Int
    /// Split at the antimeridian and repaired.
    package var geometry: PolygonalGeometry

    package init(index: Int, group: Int, geometry: PolygonalGeometry) {
        (self.index, self.group, self.geometry) = (index, group, geometry)
    }
}

/// The gaps of one city. Closing (`close_m`): the pieces ``GapFinder`` finds between the
/// features' borders go into the overlay as fills (closed into a group when narrower than
/// `close_m`, only measured when narrower than `report_m`), and its gap regions become the
/// findings. The report alone (`close_m` 0, the default): the overlay runs without fills, the
/// pieces are found on the border of the area it covers (``CityOverlay/CoverBorder``) and
/// measured apart (``GapMeasure``), so the report changes no output.
package struct CityGaps {
    package let settings: GapsConfig
    package private(set) var pieces: [GapFinder.Piece]
    package let fills: [CityOverlay.Fill]
    package let features: [InputFeature]
    /// The report is searched on the overlay's cover border, after it (``report(coverBorders:precision:cores:)``).
    package let searchesCoverBorder: Bool
    /// The frame of the features' box (nil: fewer than two features, or none with area).
    private let box: BoundingBox?

    /// Within one group a gap goes to it; between two, to the higher-priority one (the lower
    /// index), or to both with `overlaps: allow`. Pieces are searched at `close_m` for closing
    /// and at `report_m` for the report (once when they are equal).
    package init(settings: GapsConfig, features: [InputFeature], priority: Bool, cores: IdleCores = .none) {
        self.settings = settings
        self.features = features
        let (closeM, reportM) = (settings.closeM, settings.reportM)
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
    package mutating func report(coverBorders borders: [CityOverlay.CoverBorder], precision: Int, cores: IdleCores)
        throws
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
        pieces = GapFinder(width: settings.reportM, floor: 1e-6).pieces(
            segments, frame: frame, coverage: nil, cores: cores)
        return try GapMeasure(precision: precision, cores: cores).regions(pieces: pieces, borders: borders)
    }
}
