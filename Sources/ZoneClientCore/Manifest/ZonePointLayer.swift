/// One point layer of the manifest (`points`): clusters per zoom, published per city as a band
/// file and metatiles (docs/commands/points.md).
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
    /// How the clusters were made and split into files; nil when the entry lacks a member.
    public var clustering: ZoneClustering?
    /// The entry as read, for ``encode(to:)`` and the MapLibre style's point layers.
    var entry: JSONValue

    private enum CodingKeys: String, CodingKey { case layer, cities }

    /// Reads `layer`, the cities, and every artifact-shaped object of the entry.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        layer = try c.decode(String.self, forKey: .layer)
        cities = try c.decodeIfPresent([ZonePointCity].self, forKey: .cities) ?? []
        clustering = try? ZoneClustering(from: decoder)
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
    /// The band file: every feature of zooms 0 to ``ZoneClustering/bandMaxZoom``.
    public var band: ZonePointFile?
    /// The non-empty metatiles: the features of zoom `z` whose tile at `z − metatileDelta` is (`x`, `y`).
    public var metatiles: [ZonePointFile]
    /// The point index (every point's id and position), which `zonectl diff` reads.
    public var index: ZonePointFile?

    private enum CodingKeys: String, CodingKey { case id, points, band, metatiles, index }

    /// Reads `id`, `points` and every artifact-shaped object of the city's entry.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        points = try c.decodeIfPresent(Int.self, forKey: .points)
        objects = try ArtifactScan(from: decoder).artifacts
        band = try c.decodeIfPresent(ZonePointFile.self, forKey: .band)
        metatiles = try c.decodeIfPresent([ZonePointFile].self, forKey: .metatiles) ?? []
        index = try c.decodeIfPresent(ZonePointFile.self, forKey: .index)
    }

    /// The objects a client fetches on first use rather than at sync: metatiles and the index.
    public var lazyObjects: [ZoneArtifact] { metatiles.map(\.artifact) + (index.map { [$0.artifact] } ?? []) }
}

/// How a point layer's clusters were made (supercluster's parameters) and split into files.
public struct ZoneClustering: Decodable, Sendable, Equatable {
    /// Cluster radius in pixels of a tile ``extent`` pixels wide.
    public var radius: Double
    /// The tile width the zooms count in (512: MapLibre's zooms).
    public var extent: Double
    /// The smallest cluster.
    public var minPoints: Int
    /// The highest zoom with clusters; above it, single points.
    public var maxZoom: Int
    /// Zooms 0 to this one are in each city's band file.
    public var bandMaxZoom: Int
    /// A feature of zoom z above the band is in the metatile of its tile at z minus this.
    public var metatileDelta: Int
}

/// One file of a point layer: the artifact, its feature count and, for a metatile, its zoom and
/// tile; in a client cache also the published object it was decoded from.
public struct ZonePointFile: Decodable, Sendable, Equatable {
    /// The artifact (in a client cache, the decoded file).
    public var artifact: ZoneArtifact
    /// How many features the file holds.
    public var features: Int?
    /// A metatile's zoom (that of its features) and its tile at `z − metatileDelta`.
    public var z: Int?
    /// A metatile's column at `z − metatileDelta`.
    public var x: Int?
    /// A metatile's row at `z − metatileDelta`.
    public var y: Int?
    /// In a client cache: the published object the file is fetched from on first use.
    public var published: ZoneObject?

    private enum CodingKeys: String, CodingKey { case features, z, x, y, published }
    private enum PublishedKeys: String, CodingKey { case key, contentEncoding, encodedBytes, encodedSha256 }

    /// Reads the artifact's members, `features`, `z`, `x`, `y` and `published`.
    public init(from decoder: any Decoder) throws {
        artifact = try ZoneArtifact(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        features = try c.decodeIfPresent(Int.self, forKey: .features)
        z = try c.decodeIfPresent(Int.self, forKey: .z)
        x = try c.decodeIfPresent(Int.self, forKey: .x)
        y = try c.decodeIfPresent(Int.self, forKey: .y)
        if c.contains(.published) {
            let p = try c.nestedContainer(keyedBy: PublishedKeys.self, forKey: .published)
            let encoding = try p.decode(String.self, forKey: .contentEncoding)
            guard let known = ZoneEncoding(rawValue: encoding) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .contentEncoding, in: p, debugDescription: "unknown content encoding \(encoding)")
            }
            published = ZoneObject(
                key: try p.decode(String.self, forKey: .key), encoding: known,
                encodedBytes: try p.decode(Int.self, forKey: .encodedBytes),
                encodedSha256: try p.decodeIfPresent(String.self, forKey: .encodedSha256))
        }
    }

    /// The object to fetch: the published one a cache recorded, else the artifact's own.
    public var source: ZoneObject { published ?? artifact.object() }
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
