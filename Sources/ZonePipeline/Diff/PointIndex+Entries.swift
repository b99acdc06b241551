import ZoneFormats
import ZonePoints

/// Reading a published point index back, for `zonectl diff` (``PointDiffer``).
extension PointIndex {
    /// The entries of index bytes (`key` names the file in errors).
    static func entries(_ raw: [UInt8], key: String) throws(DiffError) -> [Entry] {
        let value = try JSONScanner.artifact(raw, key: key)
        guard case .array(let rows) = value else { throw .unreadableArtifact(key: key, reason: "not a JSON array") }
        var entries: [Entry] = []
        entries.reserveCapacity(rows.count)
        for (n, row) in rows.enumerated() {
            guard case .array(let cells) = row, cells.count == 3, case .number(let lng) = cells[1],
                case .number(let lat) = cells[2]
            else { throw .unreadableArtifact(key: key, reason: "point \(n + 1) is not [id, longitude, latitude]") }
            switch cells[0] {
            case .string(let id): entries.append(Entry(id: id, longitude: lng, latitude: lat))
            case .null: entries.append(Entry(id: nil, longitude: lng, latitude: lat))
            default: throw .unreadableArtifact(key: key, reason: "point \(n + 1): the id is not a string or null")
            }
        }
        return entries
    }
}
