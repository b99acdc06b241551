import ZonePoints

extension Manifest {
    /// One point layer: its clustering parameters and, per city, the band file and metatiles.
    public struct PointLayerEntry: Codable, Sendable, Equatable {
        public var layer: String
        /// Cluster radius in pixels of a tile `extent` pixels wide: zoom z's clusters are made
        /// for tiles of `extent` pixels (MapLibre: 512; MapKit and Google Maps: 256, one zoom up).
        public var radius: Double
        public var extent: Double
        public var minPoints: Int
        public var maxZoom: Int
        /// Zooms 0...bandMaxZoom are in the band file.
        public var bandMaxZoom: Int
        /// A feature of zoom z > bandMaxZoom is in the metatile of its tile at z − metatileDelta.
        public var metatileDelta: Int
        public var cities: [PointCityEntry]
    }

    /// One city of a point layer.
    public struct PointCityEntry: Codable, Sendable, Equatable {
        public var id: String
        public var points: Int
        /// The band file (zooms 0...bandMaxZoom), then the non-empty metatiles by z, x, y.
        public var band: PointFile
        public var metatiles: [PointFile]
        /// The point index (every point's id and position, ``PointIndex``) that `zonectl diff`
        /// compares; absent in manifests of zonectl versions before it. Clients may ignore it.
        public var index: PointFile? = nil
    }

    /// One gzip'd file of a point layer: a GeoJSON FeatureCollection, or the point index (JSON). Metatiles have `z` (the zoom
    /// of their features) and `x`, `y` (the tile at z − metatileDelta); the band file has none.
    public struct PointFile: Codable, Sendable, Equatable {
        public var key: String
        public var sha256: String
        public var bytes: Int
        public var encodedBytes: Int
        public var features: Int
        public var z: Int?
        public var x: Int?
        public var y: Int?
    }

    /// Every point file named by the manifest (the index last in each city).
    var pointFiles: [PointFile] {
        (points ?? []).flatMap { $0.cities.flatMap { [$0.band] + $0.metatiles + ($0.index.map { [$0] } ?? []) } }
    }
}

extension Manifest.PointFile {
    /// The manifest row of a file ``PointCityBuilder`` made.
    init(_ artifact: PointArtifact) {
        self.init(
            key: artifact.path, sha256: artifact.sha256, bytes: artifact.bytes, encodedBytes: artifact.gzip.count,
            features: artifact.features, z: artifact.tile?.z, x: artifact.tile?.x, y: artifact.tile?.y)
    }
}
