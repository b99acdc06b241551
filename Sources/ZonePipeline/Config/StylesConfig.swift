internal import Yams
import ZoneFormats

/// How styles are recognised and defined (`styles` in `pipeline.yml`).
///
/// A style is a named set of display properties. Features name their style in ``property``;
/// the build moves the style keys off the features into one shared style table.
public struct StylesConfig: Sendable, Equatable, Encodable {
    /// `property`: the feature property that names a feature's style.
    public var property: String
    /// `keys`: style keys beyond the simplestyle ones (see ``PipelineConfig/styleKeys``).
    public var keys: [String]
    /// `definitions`: style name → style key → value, members in file order.
    public var definitions: [String: JSONObject]

    /// Style settings; the parameters default to the values of absent keys.
    public init(property: String = "style", keys: [String] = [], definitions: [String: JSONObject] = [:]) {
        self.property = property
        self.keys = keys
        self.definitions = definitions
    }
}

extension StylesConfig {
    /// The keys allowed in `styles`.
    static let keys = ["property", "keys", "definitions"]

    /// Reads the `styles` mapping (null: the defaults). Definition members must be style keys.
    init(node: Node, reader r: ConfigReader) throws(ConfigError) {
        self.init()
        var definitionsNode: Node?
        for entry in try r.entries(of: node, in: "styles", allowed: Self.keys) {
            switch entry.key {
            case "property": property = try r.string(entry.value, nonEmpty: true)
            case "keys": keys = try r.stringList(entry.value, nonEmpty: false)
            case "definitions": definitionsNode = entry.value
            default: break  // rejected by entries(of:)
            }
        }
        if let definitionsNode {
            let styleKeys = KeyOrder(PipelineConfig(styles: self).styleKeys)
            definitions = try Self.definitions(definitionsNode, styleKeys: styleKeys, reader: r)
        }
    }

    /// Reads `definitions`: a mapping of style names to mappings of style keys to scalars, each
    /// checked by ``StyleValueRule``.
    private static func definitions(
        _ node: Node, styleKeys: KeyOrder, reader r: ConfigReader
    ) throws(ConfigError) -> [String: JSONObject] {
        var result: [String: JSONObject] = [:]
        for style in try r.entries(of: node, in: "styles.definitions", allowed: nil as KeyOrder?) {
            if style.key.isEmpty { throw r.error("expected a non-empty style name", at: style.keyNode) }
            var members: [(key: String, value: JSONValue)] = []
            let section = "styles.definitions.\(style.key)"
            for member in try r.entries(of: style.value, in: section, allowed: styleKeys) {
                let value = try r.jsonScalar(member.value)
                if let problem = StyleValueRule.problem(key: member.key, value: value) {
                    throw r.error("\(section).\(problem)", at: member.value)
                }
                members.append((member.key, value))
            }
            result[style.key] = JSONObject(members)
        }
        return result
    }
}
