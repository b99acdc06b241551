import Foundation
internal import VectorTiles
import ZoneFormats
import ZoneSupport

/// Puts each tile's layers together and into the archive: a tile's bytes are its zone layer's
/// Tile message followed by its point layers' (a protobuf repeated field is the concatenation of
/// its elements, so concatenated one-layer tiles are one tile with every layer). Tiles are
/// gzip'd in batches on `jobs` cores; equal tiles (a zone's interior, repeated thousands of times
/// at deep zooms) are compressed once and stored once.
struct TileAssembler {
    let gzipLevel: Int
    let jobs: Int
    private var writer: PMTilesWriter
    /// Encoded point layers by tile, waiting for their tile's zone layer (or the end).
    private var points: [TileKey: [UInt8]] = [:]
    private var batch: [(key: TileKey, bytes: [UInt8])] = []
    /// Compressed bytes of tiles seen in this batch or before, by their raw bytes; only tiles
    /// that repeat are kept here (a bounded set: whole-zone interiors and empty water).
    private var compressed: [HashedBytes: [UInt8]] = [:]
    private static let batchSize = 2_048

    init(gzipLevel: Int, jobs: Int) {
        self.gzipLevel = gzipLevel
        self.jobs = jobs
        // The compressed tiles wait on disk (the system's temporary directory), not in the
        // process, until the archive is laid out.
        writer = PMTilesWriter(
            tileCompression: .gzip, internalCompression: .gzip, spillDirectory: NSTemporaryDirectory(),
            compress: { [gzipLevel] in try Gzip.compress($0, level: gzipLevel) })
    }

    /// The point layers' encoded tiles of one zoom, in layer order, before that zoom's zones;
    /// ``finishZoom()`` ends the zoom.
    mutating func addPoints(_ tiles: [TileKey: [UInt8]]) {
        for (key, bytes) in tiles { points[key, default: []] += bytes }
        pointIDs = nil
    }

    /// The tiles of `points` by PMTiles id, ascending, made when a run of zone tiles comes.
    private var pointIDs: [(id: UInt64, key: TileKey)]?

    /// A run of tiles (PMTiles ids `ids`, of one zoom, after its ``addPoints(_:)``) whose zone
    /// layer is the same: one archive entry, but for the tiles that have point layers too,
    /// which are added one by one.
    mutating func addZones(ids: Range<UInt64>, _ encoded: [UInt8]) throws {
        if pointIDs == nil {
            pointIDs = points.keys.map { (PMTilesTileID.id(z: $0.z, x: $0.x, y: $0.y), $0) }.sorted { $0.id < $1.id }
        }
        let withPoints = pointIDs!
        var start = ids.lowerBound
        var i = withPoints.partitioningIndex { $0.id >= start }
        while i < withPoints.count && withPoints[i].id < ids.upperBound {
            let (id, key) = withPoints[i]
            i += 1
            guard points[key] != nil else { continue }
            try addRun(start..<id, encoded)
            try addZones(key, encoded)
            start = id + 1
        }
        try addRun(start..<ids.upperBound, encoded)
    }

    /// Compressed once (kept as a repeated tile), stored once.
    private mutating func addRun(_ ids: Range<UInt64>, _ raw: [UInt8]) throws {
        guard !ids.isEmpty else { return }
        let tile = HashedBytes(raw)
        let gz = try compressed[tile] ?? Gzip.compress(raw, level: gzipLevel)
        compressed[tile] = gz
        writer.add(ids: ids, bytes: gz)
    }

    /// A tile's zone layer (an encoded one-layer Tile), after its zoom's ``addPoints(_:)``; its
    /// point layers are appended.
    mutating func addZones(_ key: TileKey, _ encoded: [UInt8]) throws {
        batch.append((key, encoded + (points.removeValue(forKey: key) ?? [])))
        if batch.count >= Self.batchSize { try flush() }
    }

    /// Adds the tiles with points but no zones, and compresses what is waiting.
    mutating func finishZoom() throws {
        for (key, bytes) in points.sorted(by: { $0.key < $1.key }) { batch.append((key, bytes)) }
        points = [:]
        pointIDs = nil
        try flush()
    }

    /// The archive of every tile added (``PMTilesWriter/takeArchive(metadata:minZoom:maxZoom:bounds:)``),
    /// the assembler emptied, so the tiles are held once while it is made.
    mutating func takeArchive(metadata: [UInt8], minZoom: Int, maxZoom: Int, bounds: PMTilesBounds) throws -> [UInt8] {
        compressed = [:]
        points = [:]
        return try writer.takeArchive(metadata: metadata, minZoom: minZoom, maxZoom: maxZoom, bounds: bounds)
    }

    private mutating func flush() throws {
        guard !batch.isEmpty else { return }
        // Each tile's bytes hashed once, in bulk (an array of bytes hashes byte by byte).
        let raw = batch.map { HashedBytes($0.bytes) }
        // One compression per distinct raw tile of the batch not compressed before.
        var firstOf: [HashedBytes: Int] = [:]
        var counts: [HashedBytes: Int] = [:]
        var distinct: [[UInt8]] = []
        for tile in raw {
            counts[tile, default: 0] += 1
            if compressed[tile] == nil && firstOf[tile] == nil {
                firstOf[tile] = distinct.count
                distinct.append(tile.bytes)
            }
        }
        let level = gzipLevel
        let done = parallelMap(count: distinct.count, jobs: jobs) { [distinct] i in
            Result { try Gzip.compress(distinct[i], level: level) }
        }
        for (tile, key) in zip(raw, batch.lazy.map(\.key)) {
            let gz = try compressed[tile] ?? done[firstOf[tile]!].get()
            if counts[tile]! > 1 || compressed[tile] != nil { compressed[tile] = gz }
            writer.add(z: key.z, x: key.x, y: key.y, bytes: gz)
        }
        batch = []
    }
}
