internal import Foundation

extension ZoneManifest {
    /// Every artifact the manifest names, which a cache that is a complete store keeps: the style
    /// table, each city's artifact, then each point layer's objects (``ZonePointLayer/objects``:
    /// every object of the entry with a `key` and a `sha256`, band files and metatiles today).
    public var objects: [ZoneArtifact] {
        [styles] + cities.map(\.artifact) + (points ?? []).flatMap(\.objects)
    }

    /// The manifest a cache keeps: it holds every object decoded (``ZoneEncoding/identity``) at
    /// ``decodedKey(_:)`` of the object it fetches — of each artifact the first encoding in
    /// `preference` the artifact has — and no `brotli` members, so the cache is a store that names
    /// exactly the files it holds, each readable as is (MapKit, Google Maps, MapLibre `file://`): not
    /// the tile archive (`tiles`), which MapLibre reads from the store itself.
    /// Also returns, per artifact of ``objects``, the object to fetch. Every member a client does
    /// not read is kept.
    func cacheManifest(_ bytes: [UInt8], preferring preference: [ZoneEncoding]) throws(ZoneClientError) -> (
        bytes: [UInt8], manifest: ZoneManifest, fetch: [ZoneObject]
    ) {
        let fetch = objects.map { $0.object(preferring: preference) }
        let held = zip(objects, fetch).map { artifact, object in
            ZoneObject(
                key: Self.decodedKey(object.key), encoding: .identity, encodedBytes: artifact.bytes,
                encodedSha256: artifact.sha256)
        }
        guard Set(held.map(\.key)).count == held.count else {
            throw .badManifest("two objects would share one decoded file in the cache")
        }
        do {
            guard case .object(var root) = try JSONDecoder().decode(JSONValue.self, from: Data(bytes)),
                case .object(var styleEntry)? = root["styles"], case .array(var cityEntries)? = root["cities"],
                cityEntries.count == cities.count
            else { throw ZoneClientError.badManifest("not the manifest decoded") }
            Self.hold(held[0], in: &styleEntry)
            root["styles"] = .object(styleEntry)
            for i in cityEntries.indices {
                guard case .object(var entry) = cityEntries[i] else { continue }
                Self.hold(held[i + 1], in: &entry)
                cityEntries[i] = .object(entry)
            }
            root["cities"] = .array(cityEntries)
            if let pointLayers = root["points"] {
                let heldByKey = Dictionary(zip(objects.map(\.key), held), uniquingKeysWith: { first, _ in first })
                root["points"] = Self.holding(pointLayers, heldByKey)
            }
            // The tile archive is read from the store by range requests, never synced.
            root["tiles"] = nil
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let rewritten = [UInt8](try encoder.encode(JSONValue.object(root)))
            return (rewritten, try ZoneManifest.decode(rewritten), fetch)
        } catch let error as ZoneClientError {
            throw error
        } catch {
            throw .badManifest("cannot write the cache's manifest: \(error)")
        }
    }

    /// The name of an object's decoded file in a cache: its key without the `.gz` or `.br`
    /// suffix (`cities/paris.3f2a….geojson`).
    static func decodedKey(_ key: String) -> String {
        key.hasSuffix(".gz") || key.hasSuffix(".br") ? String(key.dropLast(3)) : key
    }

    /// `value` (the `points` member) with each artifact-shaped object (`key` and `sha256`, as
    /// ``ZonePointLayer`` finds them) rewritten to hold the object `held` gives for its key.
    private static func holding(_ value: JSONValue, _ held: [String: ZoneObject]) -> JSONValue {
        switch value {
        case .object(var entry):
            guard case .string(let key)? = entry["key"], entry["sha256"] != nil else {
                return .object(entry.mapValues { holding($0, held) })
            }
            if let object = held[key] {
                // Where the file comes from, for a client that fetches it on first use.
                var published: [String: JSONValue] = [
                    "key": .string(key), "encodedBytes": entry["encodedBytes"] ?? .null,
                    "contentEncoding": entry["contentEncoding"] ?? .string(ZoneEncoding.gzip.rawValue),
                ]
                published["encodedSha256"] = entry["encodedSha256"]
                entry["published"] = .object(published)
                hold(object, in: &entry)
            }
            return .object(entry)
        case .array(let items):
            return .array(items.map { holding($0, held) })
        default:
            return value
        }
    }

    /// Makes `object` the entry's own and drops the other encodings.
    private static func hold(_ object: ZoneObject, in entry: inout [String: JSONValue]) {
        entry["key"] = .string(object.key)
        entry["encodedBytes"] = .integer(Int64(object.encodedBytes))
        entry["encodedSha256"] = object.encodedSha256.map { .string($0) }
        entry["contentEncoding"] = .string(object.encoding.rawValue)
        entry["brotli"] = nil
    }
}
