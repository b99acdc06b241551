/// How the tiles, or the directories and metadata, of an archive are compressed (header codes).
public enum PMTilesCompression: UInt8, Sendable {
    case unknown = 0
    case none = 1
    case gzip = 2
    case brotli = 3
    case zstd = 4
}

/// What the tiles are (header codes).
public enum PMTilesTileType: UInt8, Sendable {
    case unknown = 0
    case mvt = 1
    case png = 2
    case jpeg = 3
    case webp = 4
    case avif = 5
}

/// The area and starting view an archive's header states, in degrees.
public struct PMTilesBounds: Sendable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double
    public var centerZoom: Int
    /// The starting view's longitude; by default halfway from west to east (give it where the
    /// area crosses 180°, and west and east are the whole width).
    public var centerLongitude: Double

    public init(
        west: Double, south: Double, east: Double, north: Double, centerZoom: Int, centerLongitude: Double? = nil
    ) {
        (self.west, self.south, self.east, self.north, self.centerZoom) = (west, south, east, north, centerZoom)
        self.centerLongitude = centerLongitude ?? (west + east) / 2
    }
}

/// A PMTiles v3 archive: tiles are added in any order, each already compressed as
/// `tileCompression` says, and wait in a temporary file (``TileSpill``; in memory without a
/// `spillDirectory`), identical tiles once; `archive` lays them out by tile id (clustered)
/// in memory (consecutive ids that share bytes become one run-length entry) and compresses the
/// directories and the metadata with `compress` (`internalCompression`).
public struct PMTilesWriter {
    /// The header and the root directory fit in the first 16 KiB, so a reader's first range
    /// request gets both.
    static let headerLength = 127
    static let firstRead = 16_384

    public var tileType: PMTilesTileType
    public var tileCompression: PMTilesCompression
    public var internalCompression: PMTilesCompression
    private let compress: ([UInt8]) throws -> [UInt8]
    /// Each tile or run of tiles added: its first id, how many ids, and where its bytes are in
    /// the spill.
    private var tiles: [(id: UInt64, count: UInt64, offset: Int, length: Int)] = []
    private var spill: TileSpill?
    /// The spilled contents by hash and length, each with its offset (a hash shared by other
    /// bytes is told apart by reading them back).
    private var known: [Int: [Int]] = [:]
    /// The first failure to spill, thrown by ``takeArchive(metadata:minZoom:maxZoom:bounds:)``.
    private var failure: PMTilesError?

    /// `spillDirectory`: where the tiles wait as they are added (an unlinked file); nil keeps
    /// them in memory, as does a directory where no file can be made.
    public init(
        tileType: PMTilesTileType = .mvt, tileCompression: PMTilesCompression, internalCompression: PMTilesCompression,
        spillDirectory: String? = nil, compress: @escaping ([UInt8]) throws -> [UInt8]
    ) {
        self.tileType = tileType
        self.tileCompression = tileCompression
        self.internalCompression = internalCompression
        self.compress = compress
        spill = TileSpill(directory: spillDirectory) ?? TileSpill(directory: nil)
    }

    /// How many tiles were added.
    public var tileCount: Int { tiles.reduce(0) { $0 + Int($1.count) } }

    /// Adds tile `z/x/y` (each tile once); bytes equal to a tile's added before are stored once.
    public mutating func add(z: Int, x: Int, y: Int, bytes: [UInt8]) {
        let id = PMTilesTileID.id(z: z, x: x, y: y)
        add(ids: id..<(id + 1), bytes: bytes)
    }

    /// Adds the tiles of ids `ids` (``PMTilesTileID``), all with these bytes: one entry, however
    /// many tiles (a zone's interior at a deep zoom).
    public mutating func add(ids: Range<UInt64>, bytes: [UInt8]) {
        guard failure == nil, let spill, !ids.isEmpty else { return }
        let (id, count) = (ids.lowerBound, UInt64(ids.count))
        // Offsets name contents; an empty tile has none of its own.
        guard !bytes.isEmpty else { return tiles.append((id, count, -1, 0)) }
        let key = HashedBytes(bytes).hashValue &+ bytes.count
        do {
            var offset: Int? = nil
            for candidate in known[key] ?? [] where try spill.bytes(offset: candidate, length: bytes.count) == bytes {
                offset = candidate
                break
            }
            if offset == nil {
                offset = try spill.append(bytes)
                known[key, default: []].append(offset!)
            }
            tiles.append((id, count, offset!, bytes.count))
        } catch {
            failure = error as? PMTilesError ?? .spill("\(error)")
        }
    }

    /// The archive's bytes: header, root directory, metadata (a JSON object, e.g. with
    /// `vector_layers`), leaf directories, tile data.
    public func archive(metadata: [UInt8], minZoom: Int, maxZoom: Int, bounds: PMTilesBounds) throws -> [UInt8] {
        var writer = self
        return try writer.takeArchive(metadata: metadata, minZoom: minZoom, maxZoom: maxZoom, bounds: bounds)
    }

    /// ``archive(metadata:minZoom:maxZoom:bounds:)``, the writer emptied (its spill let go
    /// once the tiles are read back into the archive).
    public mutating func takeArchive(
        metadata: [UInt8], minZoom: Int, maxZoom: Int, bounds: PMTilesBounds
    ) throws -> [UInt8] {
        if let failure { throw failure }
        guard let spill else { throw PMTilesError.spill("the writer's tiles were taken already") }
        var sorted = tiles.sorted { $0.id < $1.id }
        (tiles, known, self.spill) = ([], [:], nil)
        for i in sorted.indices.dropFirst() where sorted[i].id < sorted[i - 1].id + sorted[i - 1].count {
            throw PMTilesError.duplicateTile(sorted[i].id)
        }
        // The data section laid out first by offsets alone; its bytes are copied last.
        var dataLength: UInt64 = 0
        var placed: [Int: (offset: UInt64, length: UInt32)] = [:]
        var distinct: [(offset: Int, length: Int)] = []
        var entries: [PMTilesEntry] = []
        for tile in sorted {
            let at: (offset: UInt64, length: UInt32)
            if let known = placed[tile.offset] {
                at = known
            } else {
                at = (offset: dataLength, length: UInt32(tile.length))
                dataLength += UInt64(tile.length)
                placed[tile.offset] = at
                distinct.append((tile.offset, tile.length))
            }
            // A run continues the last entry when it has its bytes and follows it; an entry's
            // run length is 32 bits.
            var (id, count) = (tile.id, tile.count)
            if let last = entries.last, last.offset == at.offset, last.length == at.length,
                last.tileID + UInt64(last.runLength) == id
            {
                let more = min(count, UInt64(UInt32.max - last.runLength))
                entries[entries.count - 1].runLength += UInt32(more)
                (id, count) = (id + more, count - more)
            }
            while count > 0 {
                let run = min(count, UInt64(UInt32.max))
                entries.append(PMTilesEntry(tileID: id, offset: at.offset, length: at.length, runLength: UInt32(run)))
                (id, count) = (id + run, count - run)
            }
        }
        let (tileCount, contentCount) = (sorted.reduce(0) { $0 + $1.count }, placed.count)
        sorted = []
        placed = [:]
        let directories = try PMTilesDirectory.build(
            entries, rootLimit: Self.firstRead - Self.headerLength, compress: compress)
        let meta = try compress(metadata)
        var header = HeaderWriter()
        let rootOffset = UInt64(Self.headerLength)
        let metaOffset = rootOffset + UInt64(directories.root.count)
        let leafOffset = metaOffset + UInt64(meta.count)
        let dataOffset = leafOffset + UInt64(directories.leaves.count)
        header.bytes += Array("PMTiles".utf8) + [3]
        for value in [
            rootOffset, UInt64(directories.root.count), metaOffset, UInt64(meta.count), leafOffset,
            UInt64(directories.leaves.count), dataOffset, dataLength, tileCount,
            UInt64(entries.count), UInt64(contentCount),
        ] {
            header.u64(value)
        }
        header.bytes += [
            1, internalCompression.rawValue, tileCompression.rawValue, tileType.rawValue, UInt8(minZoom),
            UInt8(maxZoom),
        ]
        for degrees in [bounds.west, bounds.south, bounds.east, bounds.north] { header.e7(degrees) }
        header.bytes.append(UInt8(bounds.centerZoom))
        header.e7(bounds.centerLongitude)
        header.e7((bounds.south + bounds.north) / 2)
        assert(header.bytes.count == Self.headerLength)
        var out: [UInt8] = []
        out.reserveCapacity(Int(dataOffset + dataLength))
        out += header.bytes
        out += directories.root
        out += meta
        out += directories.leaves
        for tile in distinct { out += try spill.bytes(offset: tile.offset, length: tile.length) }
        return out
    }
}

/// An archive that cannot be made.
public enum PMTilesError: Error, CustomStringConvertible {
    case duplicateTile(UInt64)
    /// The tiles' temporary file failed.
    case spill(String)

    public var description: String {
        switch self {
        case .duplicateTile(let id): "tile id \(id) was added twice"
        case .spill(let reason): reason
        }
    }
}

/// Little-endian header fields.
private struct HeaderWriter {
    var bytes: [UInt8] = []

    mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Degrees as a 32-bit integer of 1e-7 degrees.
    mutating func e7(_ degrees: Double) {
        let value = UInt32(bitPattern: Int32((degrees * 10_000_000).rounded()))
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
