internal import Yams

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

extension PointLayerConfig {
    /// The keys allowed in a layer.
    static let keys = [
        "source", "group_by", "radius", "extent", "min_points", "max_zoom", "keep", "sum", "gzip_level",
    ]

    /// Reads `points:`: a mapping of layer names to layers (null: no layers), in file order.
    static func layers(_ node: Node, reader r: ConfigReader) throws(ConfigError) -> [PointLayerConfig] {
        var layers: [PointLayerConfig] = []
        for entry in try r.entries(of: node, in: "points", allowed: nil as KeyOrder?) {
            guard !entry.key.isEmpty, entry.key == slug(entry.key) else {
                throw r.error(
                    "expected a layer name of letters, digits, '-', '_' or '.', got \(jsonQuoted(entry.key))",
                    at: entry.keyNode)
            }
            layers.append(try PointLayerConfig(name: entry.key, node: entry.value, reader: r))
        }
        return layers
    }

    /// Reads one layer's mapping.
    init(name: String, node: Node, reader r: ConfigReader) throws(ConfigError) {
        self.init(name: name)
        let section = "points.\(name)"
        for entry in try r.entries(of: node, in: section, allowed: Self.keys) {
            let value = entry.value
            switch entry.key {
            case "source":
                if case .sequence = value {
                    source = try r.stringList(value, nonEmpty: true)
                } else {
                    source = [try r.string(value, nonEmpty: true)]
                }
            case "group_by": groupBy = try r.string(value, nonEmpty: true)
            case "radius": radius = try r.double(value, atLeast: 0)
            case "extent":
                extent = try r.double(value, atLeast: 1)
            case "min_points": minPoints = try r.int(value, in: 2...Int(Int32.max))
            case "max_zoom": maxZoom = try r.int(value, in: 0...Self.maxAllowedZoom)
            case "keep": keep = try r.stringList(value, nonEmpty: false)
            case "sum": sum = try r.stringList(value, nonEmpty: false)
            case "gzip_level": gzipLevel = try r.int(value, in: 1...12)
            default: break  // rejected by entries(of:)
            }
        }
    }
}
