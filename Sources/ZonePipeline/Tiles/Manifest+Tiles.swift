extension Manifest {
    /// The vector-tile archive: one PMTiles v3 file of Mapbox Vector Tiles, stored as it is
    /// (no `Content-Encoding`: readers fetch byte ranges of it; its tiles are gzip'd inside), named
    /// by the SHA-256 of its bytes, so a range never reads a replaced file.
    public struct TilesEntry: Codable, Sendable, Equatable {
        /// `tiles/<sha256>.pmtiles`.
        public var key: String
        /// SHA-256 of the archive (its content is its stored bytes).
        public var sha256: String
        public var bytes: Int
        /// Equal to `bytes`: the object is the content (`contentEncoding` identity).
        public var encodedBytes: Int
        public var contentType: String
        public var contentEncoding: String
        public var minZoom: Int
        public var maxZoom: Int
        /// The layers: `zones`, then one per point layer.
        public var layers: [String]
        /// SHA-256 of what the archive was made from (the artifacts' hashes, the tile settings and
        /// the tiler's version): a build with the same inputs reuses the archive.
        public var inputs: String

        public static let contentType = "application/vnd.pmtiles"
    }
}
