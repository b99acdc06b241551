/// The manifest's `tiles` member: one PMTiles v3 archive of Mapbox Vector Tiles of the same
/// version, for MapLibre and Mapbox clients that read it from the store with range requests
/// (`pmtiles://` sources). It is stored as it is (no `Content-Encoding`) and named by the SHA-256
/// of its bytes. A client cache does not hold it: ``ZoneSync`` leaves it out.
public struct ZoneTiles: Codable, Sendable, Equatable {
    /// The archive's key in the store (`tiles/<sha256>.pmtiles`).
    public var key: String
    /// SHA-256 (lowercase hex) of the archive.
    public var sha256: String
    /// Size of the archive.
    public var bytes: Int
    /// The first zoom with tiles.
    public var minZoom: Int
    /// The last zoom with tiles; clients overzoom past it.
    public var maxZoom: Int
    /// The vector layers: `zones` (features with `city` and `style`), then one per point layer.
    public var layers: [String]

    /// An archive description.
    public init(key: String, sha256: String, bytes: Int, minZoom: Int, maxZoom: Int, layers: [String]) {
        self.key = key
        self.sha256 = sha256
        self.bytes = bytes
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.layers = layers
    }
}
