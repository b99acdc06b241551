import Foundation
internal import VectorTiles
import ZoneFormats
import ZoneGeometry
import ZoneSupport
internal import ZoneTiles

/// The build's last stage when pipeline.yml has `tiles`: one PMTiles archive of the artifacts
/// just made, read back from their bytes, so the tiles show exactly what the GeoJSON artifacts
/// publish: layer `zones` (each city's zones with `city` and `style`), then one layer per point
/// layer (each zoom's clusters and points, one to one).
///
/// The archive is named by the SHA-256 of its bytes and recorded in the manifest with the hash of
/// its inputs (``Manifest/TilesEntry/inputs``): a build whose artifacts and settings are those of
/// the archive its output directory holds reuses that file and writes nothing.
struct TileStage {
    let config: TilesConfig
    let gzipLevel: Int
    let jobs: Int

    /// The tiler's version: bumped when the same inputs would make other tiles.
    static let version = "zonectl-tiles-3"

    /// Inputs of the archive: the artifacts by their content hashes, and the settings.
    func inputsHash(cities: [Manifest.CityEntry], points: [Manifest.PointLayerEntry]) -> String {
        var text = "\(Self.version)\n\(config.format.rawValue) \(config.minZoom) \(config.maxZoom) \(gzipLevel)\n"
        if config.extent != 4096 { text += "extent \(config.extent)\n" }
        for city in cities { text += "zones \(city.id) \(city.sha256)\n" }
        for layer in points {
            text += "layer \(layer.layer) \(layer.maxZoom)\n"
            for city in layer.cities {
                for file in [city.band] + city.metatiles { text += "\(city.id) \(file.sha256)\n" }
            }
        }
        return sha256Hex(Array(text.utf8))
    }

    /// The archive file and its manifest entry. `content(key)` gives an artifact's stored bytes;
    /// `previous` is the entry of the archive the output directory holds, reused when `holds`
    /// says its file is intact and its inputs are these.
    func run(
        cities: [Manifest.CityEntry], points: [Manifest.PointLayerEntry],
        content: (String) throws -> [UInt8], previous: Manifest.TilesEntry?,
        holds: (String, String) -> Bool
    ) throws -> (file: ArtifactFile, entry: Manifest.TilesEntry) {
        let inputs = inputsHash(cities: cities, points: points)
        let identity = "tiles:" + inputs
        if let previous, previous.inputs == inputs, holds(previous.key, identity) {
            return (ArtifactFile(path: previous.key, bytes: [], identity: identity, isAlreadyWritten: true), previous)
        }
        let zones = try TileZoneSource(cities: cities, jobs: jobs, content: content).zones
        let layers = try points.map { layer in
            try PointTileLayer(
                entry: layer,
                contents: layer.cities.flatMap { [$0.band] + $0.metatiles }.map { file in
                    (file.key, try Gzip.decompress(content(file.key)))
                })
        }
        var assembler = TileAssembler(gzipLevel: gzipLevel, jobs: jobs)
        let pointTiler = PointTiler()
        func addPoints(_ z: Int) {
            for layer in layers {
                let features = layer.features(atZoom: z)
                let tiles = pointTiler.tiles(
                    zoom: z, count: features.count, position: { (features[$0].x, features[$0].y) },
                    feature: { i, at in MVTFeature(properties: features[i].properties, geometry: .points([at])) })
                assembler.addPoints(
                    tiles.mapValues { MVTTile(layers: [MVTLayer(name: layer.name, features: $0)]).encoded() })
            }
        }
        // The zone tiler goes zoom by zoom: each zoom's point tiles wait for its zone tiles.
        var zoom: Int?
        var done = Set<Int>()
        let tiler = ZoneTiler(minZoom: config.minZoom, maxZoom: config.maxZoom, extent: config.extent, jobs: jobs)
        func start(_ z: Int) throws {
            guard z != zoom else { return }
            if zoom != nil { try assembler.finishZoom() }
            zoom = z
            done.insert(z)
            addPoints(z)
        }
        do {
            // Consumed: the tiler lets each city's zones go once their highest zoom is made.
            try tiler.tiles(of: consume zones) { key, bytes in
                try start(key.z)
                try assembler.addZones(key, bytes)
            } emitRun: { ids, bytes in
                try start(PMTilesTileID.tile(id: ids.lowerBound).z)
                try assembler.addZones(ids: ids, bytes)
            }
        } catch let error as TileStageError {
            throw error
        } catch { throw TileStageError.failed("\(error)") }
        try assembler.finishZoom()
        for z in config.minZoom...config.maxZoom where !done.contains(z) {
            addPoints(z)
            try assembler.finishZoom()
        }
        let metadata = TileMetadata(config: config, pointLayers: layers).json()
        let bytes: [UInt8]
        do {
            bytes = try assembler.takeArchive(
                metadata: metadata, minZoom: config.minZoom, maxZoom: config.maxZoom,
                bounds: Self.bounds(cities, zoom: config.minZoom))
        } catch { throw TileStageError.failed("\(error)") }
        let hash = sha256Hex(bytes)
        let key = "tiles/\(hash).pmtiles"
        let entry = Manifest.TilesEntry(
            key: key, sha256: hash, bytes: bytes.count, encodedBytes: bytes.count,
            contentType: Manifest.TilesEntry.contentType, contentEncoding: "identity", minZoom: config.minZoom,
            maxZoom: config.maxZoom, layers: ["zones"] + layers.map(\.name), inputs: inputs)
        return (ArtifactFile(path: key, bytes: bytes, identity: identity), entry)
    }

    /// The cities' extent, centred in the narrowest span of longitude that holds every city: the
    /// whole width when that span crosses 180° (a city across it, or cities on both sides).
    static func bounds(_ cities: [Manifest.CityEntry], zoom: Int) -> PMTilesBounds {
        bounds(boxes: cities.map(\.bbox).filter { $0.count == 4 }, zoom: zoom)
    }

    /// ``bounds(_:zoom:)`` of bounding boxes [west, south, east, north] (west > east across 180°).
    static func bounds(boxes: [[Double]], zoom: Int) -> PMTilesBounds {
        guard !boxes.isEmpty else {
            return PMTilesBounds(west: -180, south: -85, east: 180, north: 85, centerZoom: zoom)
        }
        // The spans of longitude the boxes cover, merged; the widest gap between them (around
        // the circle) is what the narrowest span holding them all leaves out.
        var spans = boxes.flatMap { b in b[0] > b[2] ? [(b[0], 180.0), (-180.0, b[2])] : [(b[0], b[2])] }
        spans.sort { $0.0 < $1.0 }
        var merged: [(Double, Double)] = []
        for span in spans {
            if let last = merged.last, span.0 <= last.1 {
                merged[merged.count - 1].1 = max(last.1, span.1)
            } else {
                merged.append(span)
            }
        }
        var gap = (from: merged.last!.1, to: merged[0].0 + 360)
        var crosses = boxes.contains { $0[0] > $0[2] }
        for (a, b) in zip(merged, merged.dropFirst()) where b.0 - a.1 > gap.to - gap.from {
            (gap, crosses) = ((a.1, b.0), true)
        }
        var center = gap.to - gap.from > 0 ? (gap.to + gap.from + 360) / 2 : 0
        while center > 180 { center -= 360 }
        return PMTilesBounds(
            west: crosses ? -180 : boxes.map { $0[0] }.min()!, south: boxes.map { $0[1] }.min()!,
            east: crosses ? 180 : boxes.map { $0[2] }.max()!, north: boxes.map { $0[3] }.max()!, centerZoom: zoom,
            centerLongitude: crosses ? center : nil)
    }
}
