import ZoneFormats

/// A list of property names from pipeline.yml (`keep`, the style keys) with constant-time
/// look-up, so per-feature work grows with the feature's properties, not with the list: a
/// config may list 200,000 keys.
public struct KeyOrder: Sendable {
    public let keys: [String]
    private let rank: [String: Int]

    public init(_ keys: [String]) {
        self.keys = keys
        rank = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func contains(_ key: String) -> Bool { rank[key] != nil }

    /// The position of `key` in the list; nil when it is not listed.
    public func position(of key: String) -> Int? { rank[key] }

    /// The members of `object` whose names are listed, in list order.
    public func pick(_ object: JSONObject) -> JSONObject {
        var found: [(rank: Int, member: (key: String, value: JSONValue))] = []
        for member in object.members {
            if let r = rank[member.key] { found.append((r, member)) }
        }
        found.sort { $0.rank < $1.rank }
        return JSONObject(found.map { ($0.member.key, $0.member.value) })
    }
}
