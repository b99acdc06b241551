internal import Yams
import ZoneFormats
import ZonePoints

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
