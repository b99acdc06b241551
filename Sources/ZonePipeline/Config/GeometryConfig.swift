internal import Yams
import ZoneGeometry

// The settings the Geometry stage reads: overlaps here; simplify, gaps and antimeridian are
// ZoneGeometry's own settings, read from pipeline.yml here.

/// What happens where zones of different styles overlap (`overlaps` in `pipeline.yml`).
public enum OverlapPolicy: Sendable, Equatable, Encodable {
    /// `overlaps: allow` — styles may overlap; each style keeps its full union.
    case allow
    /// `overlaps: {priority: [a, b, …]}` — earlier styles win: each style keeps its union minus
    /// the union of the styles listed before it. Styles not listed rank below all listed ones.
    case priority([String])
}

extension OverlapPolicy {
    /// The keys allowed in the mapping form.
    static let keys = ["priority"]

    /// Reads the scalar `allow`, or a mapping `{priority: [style, …]}` (null: the default).
    init(node: Node, reader r: ConfigReader) throws(ConfigError) {
        if r.isNull(node) {
            self = .priority([])
        } else if r.isString(node), node.scalar?.string == "allow" {
            self = .allow
        } else if case .mapping = node {
            var styles: [String] = []
            for entry in try r.entries(of: node, in: "overlaps", allowed: Self.keys) {
                switch entry.key {
                case "priority": styles = try r.stringList(entry.value, nonEmpty: false)
                default: break  // rejected by entries(of:)
                }
            }
            self = .priority(styles)
        } else {
            throw r.error(
                "expected 'allow' or a mapping {priority: [style, ...]}, got \(r.describe(node))",
                at: node)
        }
    }
}

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

extension PipelineConfig {
    /// `styles` ranked as the overlay ranks them (`CityGeometry.prioritised`), highest first:
    /// the listed ones in list order, then the others by name. Nil when nothing is ranked by
    /// style: `overlaps: allow`, or a style property that is not a `group_by` key.
    func stylePriority(of styles: [String]) -> [String]? {
        guard case .priority(let order) = overlaps, groupBy.contains(self.styles.property) else { return nil }
        let present = Set(styles)
        var seen = Set<String>()
        let listed = order.filter { present.contains($0) && seen.insert($0).inserted }
        return listed + present.subtracting(listed).sorted()
    }
}
