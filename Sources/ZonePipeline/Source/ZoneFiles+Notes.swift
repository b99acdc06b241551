extension ZoneFiles {
    /// What the walks of the zone and point folders leave out, for stderr before anything is
    /// read: the `*.json` files met, in one warning (they are not read); with `verbose`, each
    /// hidden file or folder skipped and each link back up a folder not followed. `sources`: the
    /// paths of each walk (the zones; each point layer's).
    public static func walkNotes(_ sources: [[String]], verbose: Bool) throws -> [String] {
        let walks = try sources.map { try walk($0) }
        // A folder named twice is walked twice: each path noted once.
        var seen: Set<String> = []
        var notes: [String] = []
        if verbose {
            for skipped in walks.flatMap(\.skipped) where seen.insert(skipped.path).inserted {
                notes.append("\(skipped.path): note: \(skipped.reason)")
            }
        }
        let ignored = walks.flatMap(\.ignored).filter { seen.insert($0).inserted }
        guard !ignored.isEmpty else { return notes }
        let shown =
            ignored.prefix(3).joined(separator: ", ") + (ignored.count > 3 ? " and \(ignored.count - 3) more" : "")
        return notes + [
            "zonectl: warning: \(plural(ignored.count, "*.json file")) not read (zone and point files end in .geojson): \(shown)"
        ]
    }
}
