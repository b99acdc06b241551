import ZoneGeometry

/// Rings too small to draw, as MapLibre judges them: its GeoJSON sources (geojson-vt, at
/// MapLibre's default tolerance of 0.375 pixels of a 512-pixel tile) leave out every polygon
/// ring whose area is below the square of that tolerance, 9 units² of a 4096-unit tile, at
/// every zoom below the source's maximum. Tiles below their maximum zoom leave out the polygons
/// it leaves out, so a zoom carries what a map draws of it, not thousands of specks; a zone
/// keeps its largest polygon whatever its size (no zone is dropped).
///
/// Holes are kept: filling one could cover another zone's last polygon inside it.
struct SubPixelParts {
    /// Area in grid units² below which a ring is left out.
    var minimumArea: Double

    init(extent: Int) {
        let tolerance = mapLibreTolerance(extent: extent)
        minimumArea = tolerance * tolerance
    }

    /// `g` without its polygons whose exterior's area is below ``minimumArea``; its largest
    /// polygon (by exterior) when every polygon is that small.
    func dropped(from g: PolygonalGeometry) -> PolygonalGeometry {
        guard !g.isEmpty else { return g }
        let areas = (0..<g.polygonCount).map { abs(g.twicePlanarArea(ring: g.polygonRings($0).lowerBound)) / 2 }
        guard areas.contains(where: { $0 < minimumArea }) else { return g }
        var out = PolygonalGeometryBuilder()
        for p in 0..<g.polygonCount where areas[p] >= minimumArea { add(g, polygon: p, to: &out) }
        if out.polygonCount == 0, let largest = areas.indices.max(by: { areas[$0] < areas[$1] }) {
            add(g, polygon: largest, to: &out)
        }
        return out.build(isMulti: g.isMulti, checkRings: false)
    }

    private func add(_ g: PolygonalGeometry, polygon p: Int, to out: inout PolygonalGeometryBuilder) {
        for r in g.polygonRings(p) {
            for i in g.ringRange(r) {
                let (x, y) = g.position(i)
                out.add(x: x, y: y)
            }
            out.closeRing()
        }
        out.closePolygon()
    }
}
