import ZoneClientCore
import ZoneFormats

/// Compares the style tables of two snapshots, key by key.
enum StyleComparison {
    /// Every style of either table, sorted by name; all unchanged when the tables' hashes agree.
    static func compare(_ before: ZoneSnapshot, _ after: ZoneSnapshot) throws(DiffError) -> [StyleDiff] {
        let new = try table(after)
        if try before.clientManifest()?.styles.sha256 == after.clientManifest()?.styles.sha256 {
            return new.map { StyleDiff(style: $0.name, status: .unchanged, properties: []) }.sorted {
                $0.style < $1.style
            }
        }
        let old = try table(before)
        let o = Dictionary(old.map { ($0.name, $0.properties) }, uniquingKeysWith: { a, _ in a })
        let n = Dictionary(new.map { ($0.name, $0.properties) }, uniquingKeysWith: { a, _ in a })
        return Set(o.keys).union(n.keys).sorted().map { name in
            let changes = PropertyChange.between(o[name], n[name])
            let status: ChangeStatus =
                o[name] == nil ? .added : n[name] == nil ? .removed : changes.isEmpty ? .unchanged : .changed
            return StyleDiff(style: name, status: status, properties: changes)
        }
    }

    /// A snapshot's style table, style name → its properties in table order (empty without a manifest).
    static func table(_ snapshot: ZoneSnapshot) throws(DiffError) -> [(name: String, properties: JSONObject)] {
        guard let artifact = try snapshot.clientManifest()?.styles else { return [] }
        let key = artifact.key
        guard case .object(let table) = try JSONScanner.artifact(try snapshot.content(of: artifact), key: key) else {
            throw .unreadableArtifact(key: key, reason: "not a JSON object")
        }
        var styles: [(name: String, properties: JSONObject)] = []
        for (name, properties) in table.members {
            guard case .object(let p) = properties else {
                throw .unreadableArtifact(key: key, reason: "style \(jsonQuoted(name)) is not an object")
            }
            styles.append((name, p))
        }
        return styles
    }
}
