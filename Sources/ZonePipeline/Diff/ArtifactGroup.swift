import ZoneFormats
import ZoneGeometry

/// One feature of a city artifact: a zone group (e.g. the city's parking zones).
struct ArtifactGroup: Sendable {
    /// The group's name within the city: its `group_by` values after the first (the style,
    /// by default), joined with " / ".
    var label: String
    var properties: JSONObject
    var geometry: PolygonalGeometry

    /// The groups of a city artifact's content, in artifact order, read with the same reader
    /// that reads zone files. `labelKeys` are the `group_by` keys after the first; with none,
    /// the `style` property names the group.
    static func groups(_ raw: [UInt8], key: String, labelKeys: [String]) throws(DiffError) -> [ArtifactGroup] {
        let read = GeoJSONReader.read(SourceText(path: key, bytes: raw))
        if let error = read.diagnostics.first(where: { $0.severity == .error }) {
            throw .unreadableArtifact(
                key: key, reason: "\(error.location.line):\(error.location.column): \(error.message)")
        }
        let keys = labelKeys.isEmpty ? ["style"] : labelKeys
        var seen: [String: Int] = [:]
        return read.features.map { f in
            var label = keys.map { f.properties[$0]?.stringValue ?? "" }.joined(separator: " / ")
            if label.isEmpty { label = "(unnamed)" }
            seen[label, default: 0] += 1
            if let n = seen[label], n > 1 { label += " #\(n)" }
            return ArtifactGroup(label: label, properties: f.properties, geometry: f.geometry ?? PolygonalGeometry())
        }
    }
}
