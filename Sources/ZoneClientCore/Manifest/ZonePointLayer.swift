/// One point layer of the manifest (`points`): clusters per zoom, published per city as a band
/// file and metatiles (README, "Point layers").
///
/// A client that keeps a store needs every object the entry names, whatever the pipeline adds
/// to it later, so the objects are found generically: every JSON object anywhere in the entry
/// that has a `key` and a `sha256` member is an artifact (``ZoneArtifact``: `key`, `sha256`,
/// `bytes`, `encodedBytes`, optionally `contentEncoding`, `encodedSha256`, `brotli`), today the
/// cities' `band` and `metatiles`. An object with `key` and `sha256` that is not a complete
/// artifact makes the manifest unreadable rather than an object silently left out. The other
/// members (clustering parameters, counts) are kept as read and written back unchanged.
public struct ZonePointLayer: Codable, Sendable, Equatable {
    /// The layer's name (a key of pipeline.yml's `points`).
    public var layer: String
    /// The layer's cities, in manifest order.
    public var cities: [ZonePointCity]
    /// Every object the layer's entry names, in document order (members by name, arrays in order).
    public var objects: [ZoneArtifact]
    /// The entry as read, for ``encode(to:)`` and the MapLibre style's point layers.
    var entry: JSONValue

    private enum CodingKeys: String, CodingKey { case layer, cities }

    /// Reads `layer`, the cities, and every artifact-shaped object of the entry.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        layer = try c.decode(String.self, forKey: .layer)
        cities = try c.decodeIfPresent([ZonePointCity].self, forKey: .cities) ?? []
        objects = try ArtifactScan(from: decoder).artifacts
        entry = try JSONValue(from: decoder)
    }

    /// Writes the entry as it was read, every member included.
    public func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
    }
}

/// One city of a point layer.
public struct ZonePointCity: Decodable, Sendable, Equatable {
    /// The city's name (the layer's `group_by` value).
    public var id: String
    /// How many points the city has, when the manifest says.
    public var points: Int?
    /// Every object the city's entry names (the `band` file, then the `metatiles` by z, x, y,
    /// and any other artifact-shaped member), in document order.
    public var objects: [ZoneArtifact]

    private enum CodingKeys: String, CodingKey { case id, points }

    /// Reads `id`, `points` and every artifact-shaped object of the city's entry.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        points = try c.decodeIfPresent(Int.self, forKey: .points)
        objects = try ArtifactScan(from: decoder).artifacts
    }
}

/// The artifacts of any JSON value: an object with `key` and `sha256` members is one (and is not
/// searched further: its `brotli` member belongs to it); other objects' members (sorted by name)
/// and arrays' elements are searched in turn.
struct ArtifactScan: Decodable {
    var artifacts: [ZoneArtifact] = []

    private struct Member: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Member.self) {
            if object.contains(Member(stringValue: "key")), object.contains(Member(stringValue: "sha256")) {
                do {
                    artifacts = [try ZoneArtifact(from: decoder)]
                } catch {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: decoder.codingPath,
                            debugDescription: "an object with key and sha256 that is not an artifact: \(error)"))
                }
                return
            }
            for member in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                if try object.decodeNil(forKey: member) { continue }
                artifacts += try object.decode(ArtifactScan.self, forKey: member).artifacts
            }
        } else if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd {
                if try array.decodeNil() { continue }
                artifacts += try array.decode(ArtifactScan.self).artifacts
            }
        }
    }
}
