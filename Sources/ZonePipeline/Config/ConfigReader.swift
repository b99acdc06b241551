internal import Yams
import ZoneFormats

/// Typed reads from a composed YAML tree. Each failure is a ``ConfigError`` at the offending
/// node's line and column: the key for unknown keys, the value for wrong types and ranges.
struct ConfigReader {
    /// One `key: value` pair of a mapping.
    struct Entry {
        let key: String
        let keyNode: Node
        let value: Node
    }

    /// The file name put into error locations.
    let file: String

    /// Where `node` starts (1-based; Yams marks are 1-based).
    func location(of node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    /// A schema error at `node`.
    func error(_ message: String, at node: Node) -> ConfigError {
        ConfigError(.invalid, location: location(of: node), message: message)
    }

    /// The entries of a mapping, in file order; null reads as an empty mapping. With `allowed`,
    /// any other key is an error listing the allowed ones (`section` nil: the top level).
    func entries(of node: Node, in section: String?, allowed: [String]?) throws(ConfigError) -> [Entry] {
        try entries(of: node, in: section, allowed: allowed.map(KeyOrder.init))
    }

    /// As above, with the allowed keys as a ``KeyOrder`` (long lists: look-ups in constant time).
    func entries(of node: Node, in section: String?, allowed: KeyOrder?) throws(ConfigError) -> [Entry] {
        if isNull(node) { return [] }
        guard case .mapping(let mapping) = node else {
            throw error("expected a mapping, got \(describe(node))", at: node)
        }
        var result: [Entry] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw error("expected a key, got \(describe(keyNode))", at: keyNode)
            }
            if let allowed, !allowed.contains(scalar.string) {
                let place = section.map { " in '\($0)'" } ?? ""
                let more = allowed.keys.count > 20 ? ", … (\(allowed.keys.count - 20) more)" : ""
                throw error(
                    "unknown key '\(scalar.string)'\(place); expected one of: "
                        + allowed.keys.prefix(20).joined(separator: ", ") + more, at: keyNode)
            }
            result.append(Entry(key: scalar.string, keyNode: keyNode, value: value))
        }
        return result
    }

    /// A string; with `nonEmpty`, "" is an error.
    func string(_ node: Node, nonEmpty: Bool = false) throws(ConfigError) -> String {
        guard isString(node), let s = node.scalar?.string else {
            throw error("expected a string, got \(describe(node))", at: node)
        }
        if nonEmpty, s.isEmpty { throw error("expected a non-empty string", at: node) }
        return s
    }

    /// A non-empty string, or nil for null.
    func optionalString(_ node: Node) throws(ConfigError) -> String? {
        isNull(node) ? nil : try string(node, nonEmpty: true)
    }

    /// A list of unique non-empty strings; with `nonEmpty`, an empty list is an error.
    func stringList(_ node: Node, nonEmpty: Bool) throws(ConfigError) -> [String] {
        guard case .sequence(let sequence) = node else {
            throw error("expected a list of strings, got \(describe(node))", at: node)
        }
        if nonEmpty, sequence.isEmpty { throw error("expected at least one entry", at: node) }
        var result: [String] = []
        var seen: Set<String> = []
        for item in sequence {
            let s = try string(item, nonEmpty: true)
            if !seen.insert(s).inserted { throw error("duplicate entry \(jsonQuoted(s))", at: item) }
            result.append(s)
        }
        return result
    }

    /// An integer in `range`.
    func int(_ node: Node, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        guard tag(of: node) == .int else { throw error("expected an integer, got \(describe(node))", at: node) }
        guard let value = node.int, range.contains(value) else {
            let bounds =
                range.upperBound == Int.max
                ? ">= \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw error("expected an integer \(bounds), got \(node.scalar?.string ?? "")", at: node)
        }
        return value
    }

    /// A finite number (integer or float), at least `minimum` when one is given.
    func double(_ node: Node, atLeast minimum: Double? = nil) throws(ConfigError) -> Double {
        let t = tag(of: node)
        guard t == .int || t == .float, let value = node.float else {
            throw error("expected a number, got \(describe(node))", at: node)
        }
        guard value.isFinite, value >= (minimum ?? -.infinity) else {
            let bound = minimum.map { " >= \(JSONValue.number($0))" } ?? ""
            throw error("expected a finite number\(bound), got \(node.scalar?.string ?? "")", at: node)
        }
        return value
    }

    /// A boolean (`true`/`false`; YAML 1.1 also reads `yes`/`no`/`on`/`off`).
    func bool(_ node: Node) throws(ConfigError) -> Bool {
        guard tag(of: node) == .bool, let value = node.bool else {
            throw error("expected a boolean, got \(describe(node))", at: node)
        }
        return value
    }

    /// One of the raw values of `T`.
    func choice<T: RawRepresentable & CaseIterable>(_ node: Node) throws(ConfigError) -> T where T.RawValue == String {
        if isString(node), let s = node.scalar?.string, let value = T(rawValue: s) { return value }
        let names = T.allCases.map(\.rawValue).joined(separator: ", ")
        throw error("expected one of \(names), got \(describe(node))", at: node)
    }
}
