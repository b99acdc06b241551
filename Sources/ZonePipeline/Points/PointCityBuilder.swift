import ZonePoints

/// Clusters one city of a point layer and writes its files: the band file (zooms
/// 0...``bandMaxZoom``) and, above it, one metatile per non-empty tile at z − ``metatileDelta``.
struct PointCityBuilder {
    static let bandMaxZoom = 12
    static let metatileDelta = 3

    let layer: PointLayerConfig
    let precision: Int
    let gzipLevel: Int

    /// What one city gave.
    struct Built: Sendable {
        var files: [ArtifactFile]
        var entry: Manifest.PointCityEntry
        var report: PointReport
    }

    func build(city: String, folder: String, points: PointSet) throws -> Built {
        let clock = ContinuousClock.now
        let writer = PointFeatureWriter(points: points, sumNames: layer.sum, precision: precision)
        var bandChunks: [Int: (bytes: [UInt8], features: Int)] = [:]
        var tiles: [(file: ArtifactFile, entry: Manifest.PointFile)] = []
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
                tiles += try metatiles(level, zoom: z, writer: writer, prefix: prefix, city: city)
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
        let (bandArtifact, bandFile) = try file(band, features: bandFeatures, key: prefix, city: city)
        tiles.sort {
            ($0.entry.z ?? 0, $0.entry.x ?? 0, $0.entry.y ?? 0) < ($1.entry.z ?? 0, $1.entry.x ?? 0, $1.entry.y ?? 0)
        }
        let (indexArtifact, indexFile) = try file(
            PointIndex.bytes(points, format: writer.format), features: points.count, key: prefix + "index/",
            suffix: ".json.gz", city: city)
        let files = [bandArtifact] + tiles.map(\.file) + [indexArtifact]
        let entries = tiles.map(\.entry)
        let report = PointReport(
            layer: layer.name, city: city, points: points.count, featuresPerZoom: features, clustersPerZoom: clusters,
            files: files.count, bytes: bandFile.bytes + entries.reduce(0) { $0 + $1.bytes } + indexFile.bytes,
            bytesGzip: files.reduce(0) { $0 + $1.bytes.count }, clusterSeconds: clusterSeconds,
            seconds: seconds(since: clock))
        let entry = Manifest.PointCityEntry(
            id: city, points: points.count, band: bandFile, metatiles: entries, index: indexFile)
        return Built(files: files, entry: entry, report: report)
    }

    /// The level's features grouped by their tile at z − metatileDelta, as FeatureCollections.
    private func metatiles(
        _ level: PointLevel, zoom z: Int, writer: PointFeatureWriter, prefix: String, city: String
    ) throws -> [(file: ArtifactFile, entry: Manifest.PointFile)] {
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
                tile.bytes + Self.collectionEnd, features: tile.features, key: prefix + "\(z)/\(x)/\(y)/", city: city)
            (made.entry.z, made.entry.x, made.entry.y) = (z, x, y)
            return made
        }
    }

    /// A FeatureCollection's bytes before and after its features (comma-separated).
    static let collectionStart = Array(#"{"type":"FeatureCollection","features":["#.utf8)
    static let collectionEnd = Array("]}\n".utf8)

    /// A gzip'd file named by the SHA-256 of its uncompressed bytes, and its manifest row.
    private func file(
        _ raw: [UInt8], features: Int, key: String, suffix: String = ".geojson.gz", city: String
    ) throws -> (file: ArtifactFile, entry: Manifest.PointFile) {
        let gzip = try Gzip.compress(raw, level: gzipLevel)
        let hash = sha256Hex(raw)
        let path = key + hash + suffix
        return (
            ArtifactFile(path: path, bytes: gzip, city: city),
            Manifest.PointFile(key: path, sha256: hash, bytes: raw.count, encodedBytes: gzip.count, features: features)
        )
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

/// Seconds from `start` to now.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}
