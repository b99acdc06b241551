internal import Yams
import ZoneGeometry

extension SimplifyConfig {
    /// The keys allowed in `simplify`.
    static let keys = ["tolerance_m", "method", "min_area_m2"]

    /// Reads the `simplify` mapping (null: the defaults).
    init(node: Node, reader r: ConfigReader) throws(ConfigError) {
        self.init()
        for entry in try r.entries(of: node, in: "simplify", allowed: Self.keys) {
            switch entry.key {
            case "tolerance_m": toleranceM = try r.double(entry.value, atLeast: 0)
            case "method": method = try r.choice(entry.value)
            case "min_area_m2": minAreaM2 = try r.double(entry.value, atLeast: 0)
            default: break  // rejected by entries(of:)
            }
        }
    }
}
