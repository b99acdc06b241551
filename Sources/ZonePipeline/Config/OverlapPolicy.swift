internal import Yams

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
