internal import Yams

extension ConfigReader {
    /// The resolved tag of a scalar (quoted scalars are always strings); nil for collections.
    func tag(of node: Node) -> Tag.Name? {
        guard case .scalar(let scalar) = node else { return nil }
        // Yams resolves a plain scalar by trying seven regular expressions (bool, int, float,
        // merge, null, timestamp, value): about 5 µs each. None matches a scalar that starts
        // with another character, so such a scalar is a string without trying them.
        if scalar.tag.rawValue.isEmpty, let first = scalar.string.utf8.first, !Self.resolvableStarts.contains(first) {
            return .str
        }
        return Tag.Name(rawValue: node.tag.rawValue)
    }

    /// The first characters of every non-string plain scalar in Yams' default resolver.
    private static let resolvableStarts = Set("yYnNtTfFoO-+0123456789.<~=".utf8)

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
