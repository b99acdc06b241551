import ZonePoints

/// What a cached city of a point layer keeps besides its files' bytes.
struct CachedPointCity: Codable {
    var entry: Manifest.PointCityEntry
    var report: PointReport
    var paths: [String]
}

/// Where the point build keeps the (layer, city)s it clustered, so that an unchanged city is not
/// clustered again: the build cache (`Cache/BuildCache+Points.swift`).
protocol PointCityCache: Sendable {
    /// The key of one city of `layer` with `points` (sorted, as the build clusters them).
    func pointKey(layer: PointLayerConfig, precision: Int, city: String, points: PointSet) -> String
    /// A stored city and its files' bytes, or nil.
    func loadPoints(_ key: String) -> (city: CachedPointCity, files: [[UInt8]])?
    /// Stores a city; failures are ignored (the city is built again next time).
    func storePoints(_ key: String, city: CachedPointCity, files: [[UInt8]])
}
