internal import Yams
import ZoneGeometry

extension AntimeridianConfig {
    /// The keys allowed in `antimeridian`.
    static let keys = ["interpolation"]

    /// Reads the `antimeridian` mapping (null: the defaults).
    init(node: Node, reader r: ConfigReader) throws(ConfigError) {
        self.init()
        for entry in try r.entries(of: node, in: "antimeridian", allowed: Self.keys) {
            switch entry.key {
            case "interpolation": interpolation = try r.choice(entry.value)
            default: break  // rejected by entries(of:)
            }
        }
    }
}
