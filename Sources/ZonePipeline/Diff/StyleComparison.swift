import ZoneFormats

/// Compares the style tables of two snapshots, key by key.
enum StyleComparison {
    /// Every style of either table, sorted by name; all unchanged when the tables' hashes agree.
    static func compare(_ before: ZoneSnapshot, _ after: ZoneSnapshot) throws(DiffError) -> [StyleDiff] {
        let new = try table(after)
        if before.manifest?.styles.sha256 == after.manifest?.styles.sha256 {
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

    /// A snapshot's style table (empty without a manifest).
    static func table(_ snapshot: ZoneSnapshot) throws(DiffError) -> [(name: String, properties: JSONObject)] {
        guard let entry = snapshot.manifest?.styles else { return [] }
        return try ArtifactContents.styleTable(try snapshot.content(of: entry.artifact), key: entry.key)
    }
}
