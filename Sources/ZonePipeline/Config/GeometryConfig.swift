internal import Yams

// The settings the Geometry stage reads: overlaps, simplify, antimeridian.

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

/// How output rings are simplified (`simplify` in `pipeline.yml`).
public struct SimplifyConfig: Sendable, Equatable, Encodable {
    /// The simplification algorithm.
    public enum Method: String, Sendable, Equatable, CaseIterable, Encodable {
        /// Douglas–Peucker: keeps every vertex farther than the tolerance from the simplified line.
        case douglasPeucker = "douglas-peucker"
        /// Visvalingam–Whyatt: removes the vertices that span the smallest triangles first.
        case visvalingam
    }

    /// `tolerance_m`: largest distance, in metres, a simplified border may move; 0 turns simplification off.
    public var toleranceM: Double
    /// `method`: the simplification algorithm.
    public var method: Method
    /// `min_area_m2`: output parts (polygons and holes) smaller than this many square metres are dropped.
    public var minAreaM2: Double

    /// Simplification settings; the parameters default to the values of absent keys.
    public init(toleranceM: Double = 1.0, method: Method = .douglasPeucker, minAreaM2: Double = 0) {
        self.toleranceM = toleranceM
        self.method = method
        self.minAreaM2 = minAreaM2
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

/// Slivers between neighbouring zones (`gaps` in `pipeline.yml`; docs/ARCHITECTURE.md, "Gaps between zones").
public struct GapsConfig: Sendable, Equatable, Encodable {
    /// `report_m`: gaps narrower than this many metres are reported; 0 turns the report off.
    public var reportM: Double
    /// `close_m`: gaps narrower than this many metres are closed; 0 (the default) leaves them.
    public var closeM: Double

    /// Gap settings; the parameters default to the values of absent keys.
    public init(reportM: Double = 2, closeM: Double = 0) {
        self.reportM = reportM
        self.closeM = closeM
    }

    /// The widest gap the build looks for, in metres (0: none).
    var searchM: Double { max(reportM, closeM) }
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

/// How polygons crossing the antimeridian are split (`antimeridian` in `pipeline.yml`).
public struct AntimeridianConfig: Sendable, Equatable, Encodable {
    /// Where an edge that crosses ±180° meets the meridian.
    public enum Interpolation: String, Sendable, Equatable, CaseIterable, Encodable {
        /// Along the great circle through the edge's end points (what the edge means on the sphere).
        case greatCircle = "great-circle"
        /// Linearly in longitude/latitude (what a planar GeoJSON viewer draws).
        case linear
    }

    /// `interpolation`: how crossing points are computed.
    public var interpolation: Interpolation

    /// Antimeridian settings; the parameter defaults to the value of an absent key.
    public init(interpolation: Interpolation = .greatCircle) {
        self.interpolation = interpolation
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
