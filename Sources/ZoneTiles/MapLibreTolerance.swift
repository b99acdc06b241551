/// MapLibre's own simplification of GeoJSON sources, in units of a tile `extent` units wide:
/// geojson-vt's tolerance as MapLibre sets it, 0.375 pixels of a 512-pixel tile (3 units of
/// 4096). Tiles simplified by it draw as the same zones' GeoJSON does in MapLibre.
func mapLibreTolerance(extent: Int) -> Double {
    0.375 * Double(extent) / 512
}
