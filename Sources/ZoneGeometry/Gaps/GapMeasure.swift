import ZoneSupport

/// Measures the gaps that pieces found on a city's cover border (``CityOverlay/CoverBorder``)
/// span, in an overlay of their own, so that measuring them leaves the city's output alone:
/// the pieces, and the cover border's edges whose boxes meet a piece's (the zones' edge where
/// it runs through the pieces; the rest of the border cannot reach them).
///
/// The border's edges are open chains here, so a face's zone cover is not counted from the
/// unbounded face in: it is read off the edges themselves, each with the zones on its left.
/// A face beside such an edge is covered or free as that edge says, and the faces between the
/// pieces' own edges take their neighbours' answer. Within the pieces that is every edge where
/// the cover changes, so a gap is a face the pieces cover and the zones do not.
struct GapMeasure {
    package let precision: Int
    /// Cores lent to the snap rounding (``IdleCores``).
    package var cores = IdleCores.none

    /// The gap regions: connected faces the pieces cover and no zone does.
    package func regions(pieces: [GapFinder.Piece], borders: [CityOverlay.CoverBorder]) throws -> [GapRegion] {
        guard !pieces.isEmpty else { return [] }
        let unit = pow10(precision)
        let pieceBoxes = pieces.map { p in
            var b = BoundingBox(west: p.ring[0].lon, south: p.ring[0].lat, east: p.ring[0].lon, north: p.ring[0].lat)
            for q in p.ring.dropFirst() {
                b = b.union(BoundingBox(west: q.lon, south: q.lat, east: q.lon, north: q.lat))
            }
            return b
        }
        let near = GridIndex(pieceBoxes)
        // Label 0: the pieces; label 1: the zones, on the left of their border.
        var segments = SegmentCollector(capacity: 5 * pieces.count)
        let fine = unit * Double(CityOverlay.pixel)
        for piece in pieces {
            CityOverlay.addRing(
                CityOverlay.polygon(piece.ring), 0, exterior: true, group: 0, scale: fine, to: &segments)
        }
        for border in borders {
            let (a, b) = (border.from, border.to)
            let box = BoundingBox(
                west: Double(min(a.x, b.x)) / unit, south: Double(min(a.y, b.y)) / unit,
                east: Double(max(a.x, b.x)) / unit, north: Double(max(a.y, b.y)) / unit)
            var meets = false
            near.forEach(meeting: box) { _ in meets = true }
            guard meets else { continue }
            let pixel = CityOverlay.pixel
            segments.append(
                GridPoint(x: a.x * pixel, y: a.y * pixel), GridPoint(x: b.x * pixel, y: b.y * pixel), group: 1)
        }
        let graph = PlanarGraph(
            SnapRounder(pixel: CityOverlay.pixel, cores: cores)(segments.finish()), sphericalUnit: unit)
        let labels = try FaceLabels(graph, groupCount: 2)
        let covered = Self.zoneCover(graph, faces: labels.faces) { labels.count(cycle: $0, group: 0) > 0 }
        var faces = labels.faces
        let isGap = (0..<graph.cycleCount).map { c in
            labels.count(cycle: c, group: 0) > 0 && covered[faces.find(c)] != 1
        }
        return GapRegions(graph: graph, faces: labels.faces, isGap: isGap, unit: unit).regions { _ in [] }
    }

    /// Per face (the root of its class in `faces`): 1 covered by a zone, -1 free, 0 unknown.
    /// An edge of label 1 says so for the faces on its two sides; the other edges pass the
    /// answer on between faces `inPieces` (a face outside them may lie beyond a border chain's
    /// open end, where its edges disagree).
    static func zoneCover(_ graph: PlanarGraph, faces: DisjointSets, inPieces: (Int) -> Bool) -> [Int8] {
        var faces = faces
        var cover = [Int8](repeating: 0, count: graph.cycleCount)
        var links: [(Int, Int)] = []
        for e in 0..<graph.edgeCount {
            let (l, r) = (faces.find(Int(graph.cycleOf[2 * e])), faces.find(Int(graph.cycleOf[2 * e + 1])))
            guard l != r else { continue }
            let zone = graph.delta(2 * e, group: 1)
            if zone == 0 {
                if inPieces(l) && inPieces(r) { links.append((l, r)) }
                continue
            }
            if cover[l] == 0 { cover[l] = zone > 0 ? 1 : -1 }
            if cover[r] == 0 { cover[r] = zone > 0 ? -1 : 1 }
        }
        // Answers passed across the other edges (breadth first, from the faces that know).
        var start = [Int](repeating: 0, count: graph.cycleCount + 1)
        for (l, r) in links {
            start[l + 1] += 1
            start[r + 1] += 1
        }
        for c in 0..<graph.cycleCount { start[c + 1] += start[c] }
        var adjacent = [Int](repeating: 0, count: start[graph.cycleCount])
        var fill = start
        for (l, r) in links {
            adjacent[fill[l]] = r
            fill[l] += 1
            adjacent[fill[r]] = l
            fill[r] += 1
        }
        var queue = (0..<graph.cycleCount).filter { cover[$0] != 0 }
        var head = 0
        while head < queue.count {
            let f = queue[head]
            head += 1
            for k in start[f]..<start[f + 1] where cover[adjacent[k]] == 0 {
                cover[adjacent[k]] = cover[f]
                queue.append(adjacent[k])
            }
        }
        return cover
    }
}
