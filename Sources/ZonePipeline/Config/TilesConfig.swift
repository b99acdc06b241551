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

    /// The deepest zoom an archive may have: z18 tiles are about 150 m wide at the equator, finer
    /// than a zone needs, and every zoom deeper quadruples a city's tiles.
    public static let zoomLimit = 18

    public init(format: Format = .pmtiles, minZoom: Int = 0, maxZoom: Int = 14) {
        self.format = format
        self.minZoom = minZoom
        self.maxZoom = maxZoom
    }
}

extension TilesConfig {
    /// The keys allowed in `tiles`.
    static let keys = ["format", "min_zoom", "max_zoom"]

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
            default: break  // rejected by entries(of:)
            }
        }
        if minZoom > maxZoom {
            throw r.error("min_zoom \(minZoom) is above max_zoom \(maxZoom)", at: minNode ?? node)
        }
    }
}
