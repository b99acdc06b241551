import Foundation

@testable import ZoneClientCore

/// A client cache made by hand, as a sync keeps one: every object decoded at its key (the
/// published key without `.gz`), and a `manifest.json` that lists each as `identity`.
enum TestCache {
    /// Writes each city's artifact `content`, the style `table` and the manifest into `directory`
    /// (created); returns the manifest.
    @discardableResult
    static func write(
        in directory: URL, cities: [(id: String, content: [UInt8])], table: String, priority: [String]? = nil
    ) throws -> ZoneManifest {
        func decoded(_ key: String, _ content: [UInt8]) throws -> ZoneArtifact {
            let file = directory.appendingPathComponent(key)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content).write(to: file)
            let sha = sha256Hex(content)
            return ZoneArtifact(
                key: key, sha256: sha, bytes: content.count, encodedBytes: content.count, contentEncoding: .identity,
                encodedSha256: sha)
        }
        let tableBytes = Array(table.utf8)
        let styles = try decoded("styles/\(sha256Hex(tableBytes)).json", tableBytes)
        var entries: [ZoneManifest.City] = []
        for (id, content) in cities {
            let names = Set(try ArtifactReader.zones(content, key: id).compactMap(\.style)).sorted()
            let artifact = try decoded("zones/\(id)/\(sha256Hex(content)).geojson", content)
            entries.append(
                ZoneManifest.City(
                    id: id, artifact: artifact, bbox: ZoneBBox(west: 0, south: 0, east: 1, north: 1), styles: names))
        }
        let manifest = ZoneManifest(
            schema: 1, version: "20261127T120000Z", previous: nil, generatedAt: "2026-11-27T12:00:00Z", styles: styles,
            cities: entries, priority: priority)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(manifest).write(to: directory.appendingPathComponent("manifest.json"))
        return manifest
    }

    /// A new empty directory under the temporary folder, named with `name` (which may hold a space).
    static func directory(_ name: String = "cache") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zoneclient-\(UUID().uuidString)")
            .appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes a directory made by ``directory(_:)`` with its parent.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}
