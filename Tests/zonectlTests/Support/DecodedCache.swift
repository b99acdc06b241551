import Foundation
import ZoneClient

/// Makes `cache` a client cache of the store (or build output) `store`, as a sync keeps one:
/// every object decoded at its key without `.gz` or `.br`, and the store's manifest with each
/// artifact-shaped object (`key` and `sha256`: the style table, cities, point files) listed as
/// `identity` (`encodedBytes` = `bytes`, `encodedSha256` = `sha256`, no `brotli`). Returns the keys written.
@discardableResult
func decodedCache(of store: URL, at cache: URL) throws -> [String] {
    let reader = DirectoryStore(root: store.path)
    var written: [String] = []
    func rewrite(_ value: Any) throws -> Any {
        if let array = value as? [Any] { return try array.map(rewrite) }
        guard var object = value as? [String: Any] else { return value }
        guard let key = object["key"] as? String, object["sha256"] is String else {
            for (member, inner) in object { object[member] = try rewrite(inner) }
            return object
        }
        let artifact = try JSONDecoder().decode(ZoneArtifact.self, from: JSONSerialization.data(withJSONObject: object))
        let content = try reader.content(of: artifact)
        let decodedKey = key.hasSuffix(".gz") || key.hasSuffix(".br") ? String(key.dropLast(3)) : key
        let file = cache.appendingPathComponent(decodedKey)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content).write(to: file)
        written.append(decodedKey)
        object["key"] = decodedKey
        object["encodedBytes"] = content.count
        object["contentEncoding"] = "identity"
        object["encodedSha256"] = artifact.sha256
        object["brotli"] = nil
        return object
    }
    let manifest = try JSONSerialization.jsonObject(
        with: Data(contentsOf: store.appendingPathComponent("manifest.json")))
    let rewritten = try rewrite(manifest)
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: rewritten, options: [.sortedKeys, .withoutEscapingSlashes]).write(
        to: cache.appendingPathComponent("manifest.json"))
    return written
}
