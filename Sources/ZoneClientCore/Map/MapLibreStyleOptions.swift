public import Foundation

/// What a MapLibre style made from a directory (a client cache, or a store) asks for beyond
/// the directory itself.
public struct MapLibreStyleOptions: Sendable, Equatable {
    /// The http(s) URL the store is served from (``MapLibreSources/baseURL(_:)``); nil: `file://`
    /// sources into the directory, which must be a client cache (``MapLibreSources/cache(_:)``).
    public var baseURL: URL?
    /// The glyphs URL template of the point layers' count labels; nil: no label layers.
    public var glyphs: String?
    /// Style names, highest priority first, for a manifest without `priority` (an older store).
    public var priority: [String]?
    /// Draw the manifest's vector-tile archive (one `pmtiles://` source) instead of the GeoJSON
    /// artifacts (``MapLibreStyleBuilder/drawsTiles``).
    public var tiles: Bool

    /// Options; by default `file://` sources, no labels, GeoJSON sources.
    public init(baseURL: URL? = nil, glyphs: String? = nil, priority: [String]? = nil, tiles: Bool = false) {
        self.baseURL = baseURL
        self.glyphs = glyphs
        self.priority = priority
        self.tiles = tiles
    }
}
