internal import Yams
import ZoneGeometry

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
