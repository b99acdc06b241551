#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tile width a map counts its zooms in. MapLibre and Mapbox count in 512-pixel tiles;
/// MapKit, Google Maps and most raster maps in 256-pixel tiles, so the same view is one zoom
/// higher there.
public enum ZoneTileSize: Int, Sendable, Codable, CaseIterable {
    case px256 = 256
    case px512 = 512

    /// The layer's zoom (clusters made for `extent`-pixel tiles) that shows what a map of this
    /// tile size shows at `zoom`: floor(zoom + log2(size / extent)), at least 0.
    public func layerZoom(_ zoom: Double, extent: Double) -> Int {
        max(0, Int((zoom + shift(extent: extent)).rounded(.down)))
    }

    /// A layer zoom (an `expansion_zoom`) as a zoom of this tile size: the first zoom at which
    /// the map shows that layer zoom.
    public func mapZoom(_ layerZoom: Int, extent: Double) -> Int {
        Int((Double(layerZoom) - shift(extent: extent)).rounded(.up))
    }

    private func shift(extent: Double) -> Double { log2(Double(rawValue) / extent) }
}
