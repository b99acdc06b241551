extension ZoneManifest {
    /// One point layer (cars, stations, ...): its points clustered per zoom, per city a band
    /// file (zooms 0...``bandMaxZoom``) and metatiles above it, and a point index.
    public struct PointLayer: Codable, Sendable, Equatable {
        /// The layer's name.
        public var layer: String
        /// Cluster radius in pixels of a tile ``extent`` pixels wide.
        public var radius: Double
        /// The tile width in pixels zooms are counted in: 512 gives MapLibre zooms; MapKit and
        /// Google Maps zooms (256-pixel tiles) are one less.
        public var extent: Double
        /// Clusters are made for zooms 0...maxZoom.
        public var maxZoom: Int
        /// Zooms 0...bandMaxZoom are in each city's band file.
        public var bandMaxZoom: Int
        /// A feature of zoom z > bandMaxZoom is in the metatile of its tile at z − metatileDelta.
        public var metatileDelta: Int
        /// The layer's cities.
        public var cities: [PointCity]
    }

    /// One city of a point layer.
    public struct PointCity: Codable, Sendable, Equatable {
        /// The city's name (the layer's `group_by` value).
        public var id: String
        /// How many points the city has.
        public var points: Int
        /// The band file: zooms 0...bandMaxZoom, each feature with its `z`.
        public var band: PointFile
        /// The non-empty metatiles, by z, x, y.
        public var metatiles: [PointFile]
        /// Every point's id and position (what `zonectl diff` compares); nil in manifests of
        /// older zonectl versions. A map client does not need it.
        public var index: PointFile?
    }

    /// One gzip'd file of a point layer.
    public struct PointFile: Codable, Sendable, Equatable {
        /// The object as stored.
        public var artifact: ZoneArtifact
        /// For a metatile: the zoom of its features and its tile (x, y) at z − metatileDelta.
        public var z: Int?
        /// The metatile's column at z − metatileDelta.
        public var x: Int?
        /// The metatile's row at z − metatileDelta.
        public var y: Int?

        private enum CodingKeys: String, CodingKey { case z, x, y }

        /// Reads `z`, `x`, `y` and the artifact's members (`key`, `sha256`, `bytes`, `encodedBytes`).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            z = try c.decodeIfPresent(Int.self, forKey: .z)
            x = try c.decodeIfPresent(Int.self, forKey: .x)
            y = try c.decodeIfPresent(Int.self, forKey: .y)
            artifact = try ZoneArtifact(from: decoder)
        }

        /// Writes the members `init(from:)` reads.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(z, forKey: .z)
            try c.encodeIfPresent(x, forKey: .x)
            try c.encodeIfPresent(y, forKey: .y)
            try artifact.encode(to: encoder)
        }
    }

    /// Every point file the manifest names: per layer and city the band file, the metatiles
    /// and the index.
    public var pointObjects: [ZoneArtifact] {
        (points ?? []).flatMap { layer in
            layer.cities.flatMap { city in
                [city.band.artifact] + city.metatiles.map(\.artifact) + (city.index.map { [$0.artifact] } ?? [])
            }
        }
    }
}
