import ZoneGeometry

/// Rings too small to draw, as MapLibre judges them: its GeoJSON sources (geojson-vt, at
/// MapLibre's default tolerance of 0.375 pixels of a 512-pixel tile) leave out every polygon
/// ring, exterior or hole, whose area is below the square of that tolerance, 9 units² of a
/// 4096-unit tile, at every zoom below the source's maximum. Tiles below their maximum zoom
/// leave out the rings it leaves out, so a zoom carries what a map draws of it, not thousands
/// of specks and pinholes:
///
/// - a zone keeps its largest polygon whatever its size (no zone is dropped);
/// - a hole is filled unless another zone's last polygon may lie in it (a speck of a zone
///   left with nothing larger, inside the hole's box), which filling would cover.
struct SubPixelParts {
    /// Area in grid units² below which a ring is left out.
    var minimumArea: Double

    init(extent: Int) {
        let tolerance = mapLibreTolerance(extent: extent)
        minimumArea = tolerance * tolerance
    }

    /// Per zone, per polygon kept, the rings it keeps (ring indices of the zone, exterior first).
    func kept(of zones: [PolygonalGeometry]) -> [[[Int]]] {
        let areas = zones.map { g in
            (0..<g.polygonCount).map { abs(g.twicePlanarArea(ring: g.polygonRings($0).lowerBound)) / 2 }
        }
        // What each zone keeps: its polygons at or above the threshold, else its largest.
        let kept = areas.map { a -> [Int] in
            let large = a.indices.filter { a[$0] >= minimumArea }
            if !large.isEmpty { return large }
            return a.indices.max(by: { a[$0] < a[$1] }).map { [$0] } ?? []
        }
        var specks: [(zone: Int, box: BoundingBox)] = []
        for (z, g) in zones.enumerated() {
            for p in kept[z] where areas[z][p] < minimumArea {
                specks.append((z, BoundingBox(g.coordinates, range: g.ringRange(g.polygonRings(p).lowerBound))))
            }
        }
        return zones.indices.map { z in
            let g = zones[z]
            // The holes of the kept polygons left out: below the threshold, and holding no speck
            // of another zone.
            return kept[z].map { p in
                g.polygonRings(p).filter { r in
                    guard r != g.polygonRings(p).lowerBound, abs(g.twicePlanarArea(ring: r)) / 2 < minimumArea else {
                        return true
                    }
                    let box = BoundingBox(g.coordinates, range: g.ringRange(r))
                    return specks.contains {
                        $0.zone != z && $0.box.west >= box.west && $0.box.east <= box.east
                            && $0.box.south >= box.south && $0.box.north <= box.north
                    }
                }
            }
        }
    }
}
