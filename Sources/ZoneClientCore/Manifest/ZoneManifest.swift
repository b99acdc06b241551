internal import DecodingMessage
internal import Foundation

/// What a client reads of a published `manifest.json`: the version, the style table, one
/// artifact per city and the point layers' objects. Unknown members are ignored, so later
/// additions do not break old clients.
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
    /// The point layers (`points`), nil when the store publishes none.
    public var points: [ZonePointLayer]?
    /// The vector-tile archive (`tiles`), nil when the store publishes none.
    public var tiles: ZoneTiles?
    /// What the artifacts were built from (`source`), nil when the manifest does not say.
    public var source: Source?

    /// The manifest's `source`: the git revision of the zones and the SHA-256 of the pipeline
    /// configuration the artifacts were built with.
    public struct Source: Codable, Sendable, Equatable {
        /// The git revision of the zones, when they were in a git work tree.
        public var revision: String?
        /// SHA-256 (lowercase hex) of the configuration's bytes.
        public var configHash: String?

        /// A source description.
        public init(revision: String? = nil, configHash: String? = nil) {
            self.revision = revision
            self.configHash = configHash
        }
    }

    /// One city's artifact: a gzip'd GeoJSON FeatureCollection with one MultiPolygon per style.
    public struct City: Codable, Sendable, Equatable {
        /// The city's name (the first `group_by` value).
        public var id: String
        /// The artifact as stored.
        public var artifact: ZoneArtifact
        /// `[west, south, east, north]` of the city's zones; west > east when it crosses 180°.
        public var bbox: ZoneBBox
        /// The style names of the city's zones, sorted.
        public var styles: [String]
        /// The number of features (one per zone group) in the artifact, when the manifest gives it.
        public var features: Int?
        /// The number of positions in the artifact's geometry, when the manifest gives it.
        public var vertices: Int?

        /// A city entry.
        public init(
            id: String, artifact: ZoneArtifact, bbox: ZoneBBox, styles: [String], features: Int? = nil,
            vertices: Int? = nil
        ) {
            self.id = id
            self.artifact = artifact
            self.bbox = bbox
            self.styles = styles
            self.features = features
            self.vertices = vertices
        }

        private enum CodingKeys: String, CodingKey { case id, bbox, styles, features, vertices }

        /// Reads the city members and its artifact's members (`key`, `sha256`, `bytes`, `encodedBytes`).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            bbox = try c.decode(ZoneBBox.self, forKey: .bbox)
            styles = try c.decode([String].self, forKey: .styles)
            features = try c.decodeIfPresent(Int.self, forKey: .features)
            vertices = try c.decodeIfPresent(Int.self, forKey: .vertices)
            artifact = try ZoneArtifact(from: decoder)
        }

        /// Writes the members `init(from:)` reads.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(bbox, forKey: .bbox)
            try c.encode(styles, forKey: .styles)
            try c.encodeIfPresent(features, forKey: .features)
            try c.encodeIfPresent(vertices, forKey: .vertices)
            try artifact.encode(to: encoder)
        }

        /// True when `(lon, lat)` is inside the closed `bbox` (across 180° when west > east).
        public func boxContains(lon: Double, lat: Double) -> Bool { bbox.contains(longitude: lon, latitude: lat) }
    }

    /// A manifest.
    public init(
        schema: Int, version: String, previous: String?, generatedAt: String, styles: ZoneArtifact, cities: [City],
        priority: [String]? = nil, points: [ZonePointLayer]? = nil, source: Source? = nil, tiles: ZoneTiles? = nil
    ) {
        self.schema = schema
        self.version = version
        self.previous = previous
        self.generatedAt = generatedAt
        self.styles = styles
        self.cities = cities
        self.priority = priority
        self.points = points
        self.source = source
        self.tiles = tiles
    }

    /// Decodes `manifest.json`'s bytes.
    public static func decode(_ bytes: [UInt8]) throws(ZoneClientError) -> ZoneManifest {
        do {
            return try JSONDecoder().decode(ZoneManifest.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw .badManifest(error.memberDescription)
        } catch {
            throw .badManifest("\(error)")
        }
    }

    /// The city named `id`, if the manifest has it.
    public func city(_ id: String) -> City? { cities.first { $0.id == id } }
}

/// One published artifact: its content (SHA-256 and size) and the stored objects that hold it:
/// the entry's own object (`key`, gzip unless `contentEncoding` says otherwise) and, when the
/// manifest lists one, a brotli object of the same content (``brotli``).
public struct ZoneArtifact: Codable, Sendable, Equatable {
    /// The key of the entry's own object in the store (its path below the store's root).
    public var key: String
    /// SHA-256 (lowercase hex) of the uncompressed content.
    public var sha256: String
    /// Size of the uncompressed content.
    public var bytes: Int
    /// Size of the stored object at `key`.
    public var encodedBytes: Int
    /// The encoding of the object at `key`: gzip in what zonectl publishes; `br` in a client
    /// cache that holds only the brotli object (the manifest's `contentEncoding`).
    public var contentEncoding: ZoneEncoding
    /// SHA-256 of the object at `key`, when the manifest gives it.
    public var encodedSha256: String?
    /// The brotli object of the same content, when the store has one.
    public var brotli: ZoneBrotliObject?

    /// An artifact description.
    public init(
        key: String, sha256: String, bytes: Int, encodedBytes: Int, contentEncoding: ZoneEncoding = .gzip,
        encodedSha256: String? = nil, brotli: ZoneBrotliObject? = nil
    ) {
        self.key = key
        self.sha256 = sha256
        self.bytes = bytes
        self.encodedBytes = encodedBytes
        self.contentEncoding = contentEncoding
        self.encodedSha256 = encodedSha256
        self.brotli = brotli
    }

    private enum CodingKeys: String, CodingKey {
        case key, sha256, bytes, encodedBytes, contentEncoding, encodedSha256, brotli
    }

    /// Reads the members; `contentEncoding` absent means gzip, and one other than gzip or br is an error.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        sha256 = try c.decode(String.self, forKey: .sha256)
        bytes = try c.decode(Int.self, forKey: .bytes)
        encodedBytes = try c.decode(Int.self, forKey: .encodedBytes)
        let encoding = try c.decodeIfPresent(String.self, forKey: .contentEncoding) ?? "gzip"
        guard let known = ZoneEncoding(rawValue: encoding) else {
            throw DecodingError.dataCorruptedError(
                forKey: .contentEncoding, in: c, debugDescription: "unknown content encoding \(encoding)")
        }
        contentEncoding = known
        encodedSha256 = try c.decodeIfPresent(String.self, forKey: .encodedSha256)
        brotli = try c.decodeIfPresent(ZoneBrotliObject.self, forKey: .brotli)
    }

    /// Writes the members `init(from:)` reads (`contentEncoding` only when not gzip).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(sha256, forKey: .sha256)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(encodedBytes, forKey: .encodedBytes)
        if contentEncoding != .gzip { try c.encode(contentEncoding, forKey: .contentEncoding) }
        try c.encodeIfPresent(encodedSha256, forKey: .encodedSha256)
        try c.encodeIfPresent(brotli, forKey: .brotli)
    }

    /// The stored objects that hold the content: the entry's own, then the brotli one.
    public var storedObjects: [ZoneObject] {
        let own = ZoneObject(
            key: key, encoding: contentEncoding, encodedBytes: encodedBytes, encodedSha256: encodedSha256)
        guard let brotli else { return [own] }
        return [
            own,
            ZoneObject(
                key: brotli.key, encoding: .br, encodedBytes: brotli.encodedBytes, encodedSha256: brotli.encodedSha256),
        ]
    }

    /// The object of the first encoding in `preference` that the artifact has; the entry's own
    /// object when it has none of them (every client reads gzip, the encoding of that object).
    public func object(preferring preference: [ZoneEncoding] = ZoneEncoding.preferred) -> ZoneObject {
        let objects = storedObjects
        for encoding in preference {
            if let object = objects.first(where: { $0.encoding == encoding }) { return object }
        }
        return objects[0]
    }

    /// This artifact as a store that holds only `object` describes it: that object is the
    /// entry's own, and no other encoding is listed.
    public func holding(_ object: ZoneObject) -> ZoneArtifact {
        ZoneArtifact(
            key: object.key, sha256: sha256, bytes: bytes, encodedBytes: object.encodedBytes,
            contentEncoding: object.encoding, encodedSha256: object.encodedSha256)
    }
}
