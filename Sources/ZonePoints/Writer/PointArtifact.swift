/// One gzip'd file of a point layer's city: a GeoJSON FeatureCollection (the band file, a
/// metatile) or the point index, named by the SHA-256 of its uncompressed bytes.
package struct PointArtifact: Sendable {
    /// Path relative to the output directory: `points/<layer>/<city>/…/<sha256><suffix>`.
    package var path: String
    package var gzip: [UInt8]
    /// SHA-256 (hex) and size of the uncompressed bytes.
    package var sha256: String
    package var bytes: Int
    package var features: Int
    /// A metatile's zoom (that of its features) and its tile at z − metatileDelta; nil for the
    /// band file and the index.
    package var tile: (z: Int, x: Int, y: Int)? = nil
}
