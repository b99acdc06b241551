/// One point layer of `points:` in `pipeline.yml`: points clustered per zoom (supercluster's
/// parameters), one artifact set per `group_by` value.
public struct PointLayerConfig: Sendable, Equatable, Encodable {
    /// The layer name (the key under `points:`).
    public var name: String
    /// `source`: GeoJSON files or folders of Point/MultiPoint features.
    public var source: [String]
    /// `group_by`: the property whose value is the artifact unit (a city).
    public var groupBy: String
    /// `radius`: cluster radius in pixels of a tile `extent` pixels wide.
    public var radius: Double
    /// `extent`: tile width in pixels that `radius` is measured in.
    public var extent: Double
    /// `min_points`: the smallest cluster.
    public var minPoints: Int
    /// `max_zoom`: clusters are made for zooms 0...maxZoom.
    public var maxZoom: Int
    /// `keep`: properties copied onto single points.
    public var keep: [String]
    /// `sum`: numeric properties summed onto clusters.
    public var sum: [String]
    /// `gzip_level`: gzip level of the layer's files, 1...12 (``defaultGzipLevel``; the zones'
    /// `gzip_level` does not apply; the trade-off: bench/README.md, "Compression levels").
    public var gzipLevel: Int

    /// A layer; the parameters default to the values of absent keys.
    public init(
        name: String, source: [String] = ["points"], groupBy: String = "city", radius: Double = 60,
        extent: Double = 512, minPoints: Int = 2, maxZoom: Int = 16, keep: [String] = [], sum: [String] = [],
        gzipLevel: Int = PointLayerConfig.defaultGzipLevel
    ) {
        self.name = name
        self.source = source
        self.groupBy = groupBy
        self.radius = radius
        self.extent = extent
        self.minPoints = minPoints
        self.maxZoom = maxZoom
        self.keep = keep
        self.sum = sum
        self.gzipLevel = gzipLevel
    }

    /// The default `gzip_level` of point files.
    public static let defaultGzipLevel = 5

    /// The highest zoom the pipeline clusters (ids and metatile keys stay well below 2^53).
    public static let maxAllowedZoom = 20
}
