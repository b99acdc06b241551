import Foundation
import Synchronization
import ZoneGeometry
import ZoneSupport

/// The coordinates the scan parsed, kept for the build so that it does not parse the features
/// again: an unlinked temporary file (gone with the process), appended to in chunks by the
/// scan's workers and read back by each city's builder. The coordinates wait in the page cache
/// (on disk, evictable), not in the process: a worker still holds one city's at a time.
final class GeometrySpill: Sendable {
    private let file: UnlinkedFile
    /// Bytes reserved so far: where the next chunk goes.
    private let end = Mutex(0)

    /// Chunks the scan appends: a file's features are written every this many bytes (small:
    /// large chunks, grown by doubling, left more in the workers' heaps at the peak).
    static let chunk = 256 << 10

    /// A new spill file in `directory`; nil when none can be made (the build then reads the
    /// features' text again).
    init?(directory: String = NSTemporaryDirectory()) {
        guard let file = UnlinkedFile(directory: directory, prefix: "zonectl-spill") else { return nil }
        self.file = file
    }

    /// Appends `bytes`; where they start, or nil when they could not all be written.
    func append(_ bytes: [UInt8]) -> Int? {
        let offset = end.withLock { end in
            defer { end += bytes.count }
            return end
        }
        return file.write(bytes, at: offset) ? offset : nil
    }

    /// `count` bytes from `offset`; nil when they cannot all be read.
    func read(from offset: Int, count: Int) -> [UInt8]? { file.read(from: offset, count: count) }
}

/// Where a feature's geometry is in the spill.
struct SpillRange: Sendable, Equatable {
    var offset: Int
    var count: Int
}

extension PolygonalGeometry {
    /// The spill form, native byte order: ring, polygon and coordinate counts and the
    /// MultiPolygon flag (8 bytes each), the ring and polygon ends, then the coordinates.
    func appendSpill(to out: inout [UInt8]) {
        let header: [Int64] = [
            Int64(ringEnds.count), Int64(polygonEnds.count), Int64(coordinates.count), isMulti ? 1 : 0,
        ]
        header.withUnsafeBytes { out += $0 }
        ringEnds.map { Int64($0) }.withUnsafeBytes { out += $0 }
        polygonEnds.map { Int64($0) }.withUnsafeBytes { out += $0 }
        coordinates.withUnsafeBytes { out += $0 }
    }

    /// A geometry from its spill form; nil when `bytes` is not one whole.
    init?(spill bytes: UnsafeRawBufferPointer) {
        // Word k of the form (k below bytes.count / 8).
        func word(_ k: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: 8 * k, as: Int64.self)) }
        guard bytes.count >= 32 else { return nil }
        let (rings, polygons, count, multi) = (word(0), word(1), word(2), word(3))
        guard rings >= 0, polygons >= 0, count >= 0, rings < bytes.count, polygons < bytes.count,
            count < bytes.count, bytes.count == 32 + 8 * (rings + polygons + count)
        else { return nil }
        let ringEnds = (0..<rings).map { word(4 + $0) }
        let polygonEnds = (0..<polygons).map { word(4 + rings + $0) }
        let at = 32 + 8 * (rings + polygons)
        let coordinates = [Double](unsafeUninitializedCapacity: count) { buf, n in
            UnsafeMutableRawBufferPointer(buf).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[at...]))
            n = count
        }
        self.init(coordinates: coordinates, ringEnds: ringEnds, polygonEnds: polygonEnds, isMulti: multi != 0)
    }
}
