/// What the build did for one city of a point layer (a row of report.json's `points`).
public struct PointReport: Codable, Sendable, Equatable {
    public var layer: String
    public var city: String
    public var points: Int
    /// Features (clusters and single points) and clusters alone, per zoom 0...max_zoom.
    public var featuresPerZoom: [Int]
    public var clustersPerZoom: [Int]
    public var files: Int
    /// Uncompressed and gzip'd bytes of the city's files.
    public var bytes: Int
    public var bytesGzip: Int
    /// Seconds spent clustering, and on the whole city (cluster, write, gzip).
    public var clusterSeconds: Double
    public var seconds: Double
    /// True when the city came from the build cache (its points and settings unchanged).
    public var cached = false
}
