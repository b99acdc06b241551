// Boxes as RFC 7946 §5.2 writes them for shapes on both sides of the antimeridian: the
// shortest longitude range that holds everything, with west > east when it runs through 180°.

extension BoundingBox {
    /// The RFC 7946 box of `g` (nil when it has no positions): each polygon's longitude range
    /// (its exterior's; every part lies on one side once split), then the shortest range on the
    /// circle holding them all (``covering(_:)``). Parts at 172°…180° and −180°…−130° give
    /// west 172, east −130.
    public init?(rfc7946 g: PolygonalGeometry) {
        let parts = (0..<g.polygonCount).compactMap { p -> BoundingBox? in
            guard let exterior = g.polygonRings(p).first, !g.ringRange(exterior).isEmpty else { return nil }
            return BoundingBox(g.coordinates, range: g.ringRange(exterior))
        }
        guard let box = Self.covering(parts) else { return nil }
        self = box
    }

    /// The smallest box holding every box of `boxes` (a box with west > east runs through 180°):
    /// its longitude range is the circle less the widest gap no box covers; a gap through 180°
    /// wins ties, so boxes that fit in [-180, 180] keep west ≤ east. Nil when there are no boxes.
    public static func covering(_ boxes: some Sequence<BoundingBox>) -> BoundingBox? {
        var south = Double.infinity
        var north = -Double.infinity
        var ranges: [(west: Double, east: Double)] = []
        for b in boxes {
            south = min(south, b.south)
            north = max(north, b.north)
            if b.west <= b.east {
                ranges.append((b.west, b.east))
            } else {  // through 180°: one range on each side
                ranges.append((b.west, 180))
                ranges.append((-180, b.east))
            }
        }
        guard !ranges.isEmpty else { return nil }
        ranges.sort { $0.west < $1.west }
        var merged: [(west: Double, east: Double)] = []
        for r in ranges {
            if let last = merged.last, r.west <= last.east {
                merged[merged.count - 1].east = max(last.east, r.east)
            } else {
                merged.append(r)
            }
        }
        // The gap through 180° (from the last range's east round to the first one's west),
        // then the gaps between ranges; the widest one is left out.
        var widest = (gap: merged[0].west + 360 - merged[merged.count - 1].east, after: merged.count - 1)
        for i in merged.indices.dropLast() where merged[i + 1].west - merged[i].east > widest.gap {
            widest = (merged[i + 1].west - merged[i].east, i)
        }
        guard widest.after != merged.count - 1 else {
            return BoundingBox(west: merged[0].west, south: south, east: merged[merged.count - 1].east, north: north)
        }
        return BoundingBox(
            west: merged[widest.after + 1].west, south: south, east: merged[widest.after].east, north: north)
    }
}
