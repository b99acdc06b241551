internal import Yams
import ZoneGeometry

// ZoneGeometry's own settings (simplify, gaps, antimeridian), read from their pipeline.yml sections.

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

extension GapsConfig {
    /// The keys allowed in `gaps`.
    static let keys = ["report_m", "close_m"]

    /// Reads the `gaps` mapping (null: the defaults).
    init(node: Node, reader r: ConfigReader) throws(ConfigError) {
        self.init()
        for entry in try r.entries(of: node, in: "gaps", allowed: Self.keys) {
            switch entry.key {
            case "report_m": reportM = try r.double(entry.value, atLeast: 0)
            case "close_m": closeM = try r.double(entry.value, atLeast: 0)
            default: break  // rejected by entries(of:)
            }
        }
    }
}

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
