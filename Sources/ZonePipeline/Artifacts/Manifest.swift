import CivilTime
import Foundation

/// What clients poll: every artifact of one version with its hash and size
/// (`docs/manifest.schema.json` is its JSON Schema).
public struct Manifest: Codable, Sendable, Equatable {
    /// Manifest format version.
    public var schema: Int
    /// Monotonic UTC stamp, e.g. 20261121T182503Z.
    public var version: String
    /// The version this one replaces, or nil for the first.
    public var previous: String?
    /// ISO 8601 time of the build.
    public var generatedAt: String
    public var source: SourceInfo
    public var styles: StylesEntry
    public var cities: [CityEntry]
    /// Style names, highest overlap priority first (`overlaps.priority`, then the other styles
    /// by name): where two styles' zones would overlap, or meet on a border, the first one's
    /// zone holds the area. Clients order layers and break border ties with it. Absent with
    /// `overlaps: allow`, where zones keep their overlaps.
    public var priority: [String]? = nil
    /// Point layers (`Points/`); absent when the config has none.
    public var points: [PointLayerEntry]? = nil
    /// The vector-tile archive (`Tiles/`); absent when the config has no `tiles`.
    public var tiles: TilesEntry? = nil

    /// Where the artifacts came from.
    public struct SourceInfo: Codable, Sendable, Equatable {
        /// The git revision of the zones, when they are in a git work tree.
        public var revision: String?
        /// SHA-256 of pipeline.yml's bytes (of nothing when the defaults were used).
        public var configHash: String
    }

    /// The shared style table.
    public struct StylesEntry: Codable, Sendable, Equatable {
        public var key: String
        public var sha256: String
        public var bytes: Int
        public var encodedBytes: Int
        /// The brotli artifact of the same content; absent (not null) when only gzip is written.
        public var brotli: EncodedArtifact? = nil
        /// The encoding of the object at `key`: absent in what zonectl publishes (gzip); `br` in a
        /// client's cache that holds only the brotli object (docs/ARCHITECTURE.md, the sync protocol).
        public var contentEncoding: String? = nil
        /// SHA-256 of the object at `key`, where the manifest gives it (a client cache's brotli object).
        public var encodedSha256: String? = nil
    }

    /// Another encoding of an artifact's content (`sha256` and `bytes` are the entry's): its
    /// object key, the SHA-256 of its stored (encoded) bytes, and their count.
    public struct EncodedArtifact: Codable, Sendable, Equatable {
        public var key: String
        public var encodedSha256: String
        public var encodedBytes: Int
    }

    /// One city's artifact.
    public struct CityEntry: Codable, Sendable, Equatable {
        public var id: String
        public var key: String
        public var sha256: String
        public var bytes: Int
        public var encodedBytes: Int
        public var contentType: String
        public var contentEncoding: String
        public var bbox: [Double]
        public var features: Int
        public var vertices: Int
        public var styles: [String]
        /// The brotli artifact (`Content-Encoding: br`); absent (not null) when only gzip is written.
        public var brotli: EncodedArtifact? = nil
        /// SHA-256 of the object at `key`, where the manifest gives it (a client cache's brotli object).
        public var encodedSha256: String? = nil
    }

    public static let currentSchema = 1

    /// Encodes with `previous` and `revision` written as null when absent.
    public func encode(to encoder: Encoder) throws {
        enum Keys: String, CodingKey {
            case schema, version, previous, generatedAt, source, styles, cities, priority, points, tiles
        }
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(version, forKey: .version)
        if let previous { try c.encode(previous, forKey: .previous) } else { try c.encodeNil(forKey: .previous) }
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(source, forKey: .source)
        try c.encode(styles, forKey: .styles)
        try c.encode(cities, forKey: .cities)
        try c.encodeIfPresent(priority, forKey: .priority)
        try c.encodeIfPresent(points, forKey: .points)
        try c.encodeIfPresent(tiles, forKey: .tiles)
    }

    /// Pretty, key-sorted JSON (small; read by people as well as clients).
    public func jsonBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(self)) + [0x0A]
    }

    /// A version stamp for `date`, later than `previous` (stamps compare as strings): the
    /// second after `previous` when `date` is not later. A `previous` that is not a stamp is
    /// not followed.
    public static func version(at date: Date, after previous: String?) -> String {
        let stamp = UTCStamp.compact(date)
        guard let previous, stamp <= previous, let last = UTCStamp.date(compact: previous) else { return stamp }
        return UTCStamp.compact(last.addingTimeInterval(1))
    }

    /// The stamp one second after `previous` (now, if `previous` is not a stamp): the same for
    /// every run that starts from the same previous version, so a publish run again after an
    /// interruption picks the version it picked before.
    public static func version(following previous: String) -> String {
        UTCStamp.date(compact: previous).map { UTCStamp.compact($0.addingTimeInterval(1)) }
            ?? UTCStamp.compact(Date())
    }
}

extension Manifest.SourceInfo {
    public func encode(to encoder: Encoder) throws {
        enum Keys: String, CodingKey { case revision, configHash }
        var c = encoder.container(keyedBy: Keys.self)
        if let revision { try c.encode(revision, forKey: .revision) } else { try c.encodeNil(forKey: .revision) }
        try c.encode(configHash, forKey: .configHash)
    }
}
