internal import Yams

/// `tiles` in `pipeline.yml`: one PMTiles v3 archive of Mapbox Vector Tiles beside the per-city
/// GeoJSON, for MapLibre and Mapbox clients that read it from the bucket by range requests.
/// Absent (the default): no archive.
public struct TilesConfig: Sendable, Equatable, Encodable {
    /// `format`: the archive format.
    public enum Format: String, Sendable, Equatable, CaseIterable, Encodable {
        case pmtiles
    }

    public var format: Format
    /// `min_zoom`: the first zoom with tiles, 0...`max_zoom`.
    public var minZoom: Int
    /// `max_zoom`: the last zoom with tiles (clients overzoom past it), at most ``zoomLimit``.
    public var maxZoom: Int
    /// `extent`: the units across a tile of layer `zones`, 4096 (MVT's usual, tippecanoe's) or
    /// 8192 (MapLibre's own for GeoJSON sources: the tiles then draw as the GeoJSON does, for
    /// about a tenth more bytes). The buffer and the simplification scale with it.
    public var extent: Int

    /// The deepest zoom an archive may have: z18 tiles are about 150 m wide at the equator, finer
    /// than a zone needs, and every zoom deeper quadruples a city's tiles.
    public static let zoomLimit = 18

    /// The extents allowed.
    public static let extents = [4096, 8192]

    public init(format: Format = .pmtiles, minZoom: Int = 0, maxZoom: Int = 14, extent: Int = 4096) {
        self.format = format
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.extent = extent
    }
}

extension TilesConfig {
    /// The keys allowed in `tiles`.
    static let keys = ["format", "min_zoom", "max_zoom", "extent"]

    /// Reads the `tiles` mapping (null: the defaults).
    init(node: Node, reader r: ConfigReader) throws(ConfigError) {
        self.init()
        var minNode: Node?
        for entry in try r.entries(of: node, in: "tiles", allowed: Self.keys) {
            let value = entry.value
            switch entry.key {
            case "format": format = try r.choice(value)
            case "min_zoom":
                minZoom = try r.int(value, in: 0...Self.zoomLimit)
                minNode = value
            case "max_zoom": maxZoom = try r.int(value, in: 0...Self.zoomLimit)
            case "extent":
                extent = try r.int(value, in: Self.extents.min()!...Self.extents.max()!)
                guard Self.extents.contains(extent) else {
                    throw r.error(
                        "extent \(extent) is not one of \(Self.extents.map(String.init).joined(separator: ", "))",
                        at: value)
                }
            default: break  // rejected by entries(of:)
            }
        }
        if minZoom > maxZoom {
            throw r.error("min_zoom \(minZoom) is above max_zoom \(maxZoom)", at: minNode ?? node)
        }
    }
}
