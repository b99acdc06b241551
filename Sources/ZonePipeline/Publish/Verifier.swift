import Foundation
import ZoneClientCore

/// `zonectl verify`: fetches manifest.json and every object as a client would, and checks each
/// against the manifest with the client's checks: present, stored size (and SHA-256, where
/// listed), encoding, size and SHA-256 of the content, Content-Type and Content-Encoding (where
/// the store keeps them).
public struct Verifier: Sendable {
    public let store: ObjectStore

    public init(store: ObjectStore) { self.store = store }

    /// Problems found (empty: the target serves a consistent version), and the version checked.
    public func verify() throws(PublishError) -> (version: String, checked: Int, problems: [String]) {
        guard let current = try VersionHistory(store: store).currentManifest() else {
            throw .remoteManifestUnreadable("the target has no manifest.json")
        }
        var problems: [String] = []
        let objects = current.manifest.storedObjects
        let styleKeys = Set(current.manifest.styles.storedObjects.map(\.key))
        for (artifact, expected) in objects {
            let key = expected.key
            let object: StoredObject?
            do { object = try store.get(key) } catch {
                problems.append("\(key): \(error)")
                continue
            }
            guard let object else {
                problems.append("\(key): missing")
                continue
            }
            problems += artifact.check(object.bytes, from: expected).problems.map { "\(key): \($0)" }
            if let m = object.metadata {
                let contentType = Self.contentType(key, isStyleTable: styleKeys.contains(key))
                if m.contentType != contentType {
                    problems.append("\(key): Content-Type \(m.contentType), expected \(contentType)")
                }
                // An object stored as it is (the tile archive) is served without a Content-Encoding.
                let encoding = expected.encoding == .identity ? nil : expected.encoding.rawValue
                if m.contentEncoding != encoding {
                    problems.append(
                        "\(key): Content-Encoding \(m.contentEncoding ?? "none"), expected \(encoding ?? "none")")
                }
            }
        }
        return (current.manifest.version, objects.count, problems)
    }

    /// A client cache holds decoded files: ZoneClientCore's reader checks each one, as a sync
    /// checks a fetched object (``ZoneSync/check(cache:)``).
    public static func verify(cache path: String) throws(PublishError) -> (
        version: String, checked: Int, problems: [String]
    ) {
        do throws(ZoneClientError) {
            let result = try ZoneSync.check(cache: path)
            return (result.version, result.checked, result.problems)
        } catch {
            throw .unreadableCache(path: path, reason: error.description)
        }
    }

    /// The Content-Type an object is published with: JSON for the style table and a point index,
    /// GeoJSON for city artifacts, band files and metatiles, PMTiles for the tile archive.
    static func contentType(_ key: String, isStyleTable: Bool) -> String {
        if key.hasSuffix(".pmtiles") { return Manifest.TilesEntry.contentType }
        var name = Substring(key)
        for suffix in [".gz", ".br"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        let json = isStyleTable || (name.hasSuffix(".json") && !name.hasSuffix(".geojson"))
        return json ? "application/json" : "application/geo+json"
    }
}
