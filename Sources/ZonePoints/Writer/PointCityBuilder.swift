import ZoneFormats
import ZoneSupport

/// Clusters one city of a point layer and writes its files: the band file (zooms
/// 0...``bandMaxZoom``) and, above it, one metatile per non-empty tile at z − ``metatileDelta``,
/// then the point index. The caller writes them into its output and lists them in its manifest.
package struct PointCityBuilder {
    package static let bandMaxZoom = 12
    package static let metatileDelta = 3

    package let layer: PointLayerConfig
    package let precision: Int
    package let gzipLevel: Int

    package init(layer: PointLayerConfig, precision: Int, gzipLevel: Int) {
        self.layer = layer
        self.precision = precision
        self.gzipLevel = gzipLevel
    }

    /// What one city gave: its files, and what the report says of it.
    package struct Built: Sendable {
        package var band: PointArtifact
        /// The non-empty metatiles by z, x, y.
        package var metatiles: [PointArtifact]
        package var index: PointArtifact
        /// Features (clusters and single points) and clusters alone, per zoom 0...max_zoom.
        package var featuresPerZoom: [Int]
        package var clustersPerZoom: [Int]
        /// Seconds spent clustering, and on the whole city (cluster, write, gzip).
        package var clusterSeconds: Double
        package var seconds: Double

        /// The band file, the metatiles, the index: the order the files are written and listed.
        package var files: [PointArtifact] { [band] + metatiles + [index] }
    }

    package func build(city: String, folder: String, points: PointSet) throws -> Built {
        let clock = ContinuousClock.now
        let writer = PointFeatureWriter(points: points, sumNames: layer.sum, precision: precision)
        var bandChunks: [Int: (bytes: [UInt8], features: Int)] = [:]
        var tiles: [PointArtifact] = []
        let prefix = "points/\(layer.name)/\(folder)/"
        var features = [Int](repeating: 0, count: layer.maxZoom + 1)
        var clusters = [Int](repeating: 0, count: layer.maxZoom + 1)
        var clusterSeconds = 0.0
        var last = ContinuousClock.now
        try PointClusterer(layer).run(points) { z, level in
            clusterSeconds += seconds(since: last)
            features[z] = level.itemCount
            clusters[z] = level.point.count { $0 < 0 }
            if z <= Self.bandMaxZoom {
                var out: [UInt8] = []
                for i in 0..<level.itemCount {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    writer.append(level, i, zoom: z, to: &out)
                }
                bandChunks[z] = (out, level.itemCount)
            } else {
                tiles += try metatiles(level, zoom: z, writer: writer, prefix: prefix)
            }
            last = ContinuousClock.now
        }
        var band = Self.collectionStart
        band.reserveCapacity(
            bandChunks.values.reduce(Self.collectionStart.count + Self.collectionEnd.count) {
                $0 + $1.bytes.count + 1
            })
        var bandFeatures = 0
        for z in 0...min(Self.bandMaxZoom, layer.maxZoom) {
            guard let chunk = bandChunks[z], chunk.features > 0 else { continue }
            if bandFeatures > 0 { band.append(UInt8(ascii: ",")) }
            band += chunk.bytes
            bandFeatures += chunk.features
        }
        band += Self.collectionEnd
        let bandFile = try file(band, features: bandFeatures, key: prefix)
        tiles.sort {
            ($0.tile?.z ?? 0, $0.tile?.x ?? 0, $0.tile?.y ?? 0) < ($1.tile?.z ?? 0, $1.tile?.x ?? 0, $1.tile?.y ?? 0)
        }
        let indexFile = try file(
            PointIndex.bytes(points, format: writer.format), features: points.count, key: prefix + "index/",
            suffix: ".json.gz")
        return Built(
            band: bandFile, metatiles: tiles, index: indexFile, featuresPerZoom: features, clustersPerZoom: clusters,
            clusterSeconds: clusterSeconds, seconds: seconds(since: clock))
    }

    /// The level's features grouped by their tile at z − metatileDelta, as FeatureCollections.
    private func metatiles(
        _ level: PointLevel, zoom z: Int, writer: PointFeatureWriter, prefix: String
    ) throws -> [PointArtifact] {
        let scale = Double(1 << (z - Self.metatileDelta))
        let last = (1 << (z - Self.metatileDelta)) - 1
        var byTile: [Int: TileBuffer] = [:]
        for i in 0..<level.itemCount {
            let tx = min(max(Int((level.x[i] * scale).rounded(.down)), 0), last)
            let ty = min(max(Int((level.y[i] * scale).rounded(.down)), 0), last)
            // One lookup, the tile's bytes appended to in place.
            byTile[tx << 32 | ty, default: TileBuffer()].append(level, i, zoom: z, writer: writer)
        }
        return try byTile.map { k, tile in
            let (x, y) = (k >> 32, k & 0xFFFF_FFFF)
            var made = try file(
                tile.bytes + Self.collectionEnd, features: tile.features, key: prefix + "\(z)/\(x)/\(y)/")
            made.tile = (z, x, y)
            return made
        }
    }

    /// A FeatureCollection's bytes before and after its features (comma-separated).
    package static let collectionStart = Array(#"{"type":"FeatureCollection","features":["#.utf8)
    package static let collectionEnd = Array("]}\n".utf8)

    /// A gzip'd file named by the SHA-256 of its uncompressed bytes.
    private func file(_ raw: [UInt8], features: Int, key: String, suffix: String = ".geojson.gz") throws
        -> PointArtifact
    {
        let gzip = try Gzip.compress(raw, level: gzipLevel)
        let hash = sha256Hex(raw)
        return PointArtifact(path: key + hash + suffix, gzip: gzip, sha256: hash, bytes: raw.count, features: features)
    }
}

/// The features of one metatile, comma-separated, as they are written.
private struct TileBuffer {
    var bytes = PointCityBuilder.collectionStart
    var features = 0

    mutating func append(_ level: PointLevel, _ i: Int, zoom z: Int, writer: PointFeatureWriter) {
        if features > 0 { bytes.append(UInt8(ascii: ",")) }
        writer.append(level, i, zoom: z, to: &bytes)
        features += 1
    }
}
