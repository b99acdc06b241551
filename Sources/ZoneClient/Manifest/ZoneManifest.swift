internal import Foundation

/// What a client reads of a published `manifest.json`: the version, the style table, one
/// artifact per city and the point layers' files. Unknown members are ignored, so later additions do not break old clients.
public struct ZoneManifest: Codable, Sendable, Equatable {
    /// Manifest format version (1).
    public var schema: Int
    /// Monotonic UTC stamp, e.g. `20261121T182503Z`; later versions compare greater as strings.
    public var version: String
    /// The version this one replaces, or nil for the first.
    public var previous: String?
    /// ISO 8601 time of the build.
    public var generatedAt: String
    /// The shared style table (style name → simplestyle properties).
    public var styles: ZoneArtifact
    /// One artifact per city.
    public var cities: [City]
    /// Style names, highest overlap priority first: on a border two styles' zones share, the
    /// first one's zone holds the position. Nil when the store does not publish it (zones kept
    /// their overlaps, or an older zonectl).
    public var priority: [String]?
    /// The point layers (``PointLayer``); nil when the store publishes none.
    public var points: [PointLayer]?

    /// One city's artifact: a gzip'd GeoJSON FeatureCollection with one MultiPolygon per style.
    public struct City: Codable, Sendable, Equatable {
        /// The city's name (the first `group_by` value).
        public var id: String
        /// The artifact as stored.
        public var artifact: ZoneArtifact
        /// `[west, south, east, north]` of the city's zones; west > east when it crosses 180°.
        public var bbox: [Double]
        /// The style names of the city's zones, sorted.
        public var styles: [String]

        /// A city entry.
        /// A city entry.
        public init(id: String, artifact: ZoneArtifact, bbox: [Double], styles: [String]) {
            self.id = id
            self.artifact = artifact
            self.bbox = bbox
            self.styles = styles
        }

        private enum CodingKeys: String, CodingKey { case id, bbox, styles }

        /// Reads the city members and its artifact's members (`key`, `sha256`, `bytes`, `encodedBytes`).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            bbox = try c.decode([Double].self, forKey: .bbox)
            styles = try c.decode([String].self, forKey: .styles)
            artifact = try ZoneArtifact(from: decoder)
        }

        /// Writes the members `init(from:)` reads.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(bbox, forKey: .bbox)
            try c.encode(styles, forKey: .styles)
            try artifact.encode(to: encoder)
        }

        /// True when `(lon, lat)` is inside the closed `bbox` (across 180° when west > east).
        public func boxContains(lon: Double, lat: Double) -> Bool {
            guard bbox.count == 4, bbox[1] <= lat, lat <= bbox[3] else { return false }
            if bbox[0] <= bbox[2] { return bbox[0] <= lon && lon <= bbox[2] }
            return lon >= bbox[0] || lon <= bbox[2]
        }
    }

    /// A manifest.
    public init(
        schema: Int, version: String, previous: String?, generatedAt: String, styles: ZoneArtifact, cities: [City],
        priority: [String]? = nil, points: [PointLayer]? = nil
    ) {
        self.schema = schema
        self.version = version
        self.previous = previous
        self.generatedAt = generatedAt
        self.styles = styles
        self.cities = cities
        self.priority = priority
        self.points = points
    }

    /// Decodes `manifest.json`'s bytes.
    public static func decode(_ bytes: [UInt8]) throws(ZoneClientError) -> ZoneManifest {
        do {
            return try JSONDecoder().decode(ZoneManifest.self, from: Data(bytes))
        } catch {
            throw .badManifest("\(error)")
        }
    }

    /// The city named `id`, if the manifest has it.
    public func city(_ id: String) -> City? { cities.first { $0.id == id } }
}

/// One published object: where it is and what its content must be.
public struct ZoneArtifact: Codable, Sendable, Equatable {
    /// The object's key in the store (its path below the store's root).
    public var key: String
    /// SHA-256 (lowercase hex) of the uncompressed content.
    public var sha256: String
    /// Size of the uncompressed content.
    public var bytes: Int
    /// Size of the stored (gzip) object.
    public var encodedBytes: Int

    /// An artifact description.
    public init(key: String, sha256: String, bytes: Int, encodedBytes: Int) {
        self.key = key
        self.sha256 = sha256
        self.bytes = bytes
        self.encodedBytes = encodedBytes
    }
}
