internal import Yams
import ZoneFormats

extension ConfigReader {
    /// The resolved tag of a scalar (quoted scalars are always strings); nil for collections.
    /// A plain scalar is resolved by ``YAMLImplicitTag`` (the config is composed with a
    /// resolver without rules, so Yams' own would call every plain scalar a string).
    func tag(of node: Node) -> Tag.Name? {
        guard case .scalar(let scalar) = node else { return nil }
        if scalar.tag.rawValue.isEmpty { return YAMLImplicitTag.name(of: scalar.string) }
        return Tag.Name(rawValue: node.tag.rawValue)
    }

    /// True for a null scalar (`~`, `null`, or nothing after the colon).
    func isNull(_ node: Node) -> Bool { tag(of: node) == .null }

    /// True for a string scalar.
    func isString(_ node: Node) -> Bool { tag(of: node) == .str }

    /// A scalar as a JSON value: integers and floats become numbers, booleans booleans,
    /// strings strings (a quoted `"#ff0000"` or `"2"` stays a string).
    func jsonScalar(_ node: Node) throws(ConfigError) -> JSONValue {
        switch tag(of: node) {
        case .str?:
            return .string(node.scalar?.string ?? "")
        case .bool?:
            return .bool(try bool(node))
        case .int?, .float?:
            return .number(try double(node))
        default:
            throw error("expected a string, number or boolean, got \(describe(node))", at: node)
        }
    }

    /// How a value reads in a message: `string "abc"`, `integer 3`, `a list`, `a mapping` ….
    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch tag(of: node) {
            case .str?: return "string \(jsonQuoted(scalar.string))"
            case .int?: return "integer \(scalar.string)"
            case .float?: return "float \(scalar.string)"
            case .bool?: return "boolean \(scalar.string)"
            case .null?: return "null"
            case .timestamp?: return "timestamp \(scalar.string)"
            default: return "value \(jsonQuoted(scalar.string))"
            }
        }
    }
}
