import ZoneSupport

/// Where an archive's tile bytes wait until the archive is laid out: an unlinked temporary file
/// (``UnlinkedFile``, gone with the process), appended to and read back by offset, so a large
/// archive's tiles sit in the page cache (evictable), not in the process; or, without a
/// directory, in memory.
final class TileSpill {
    private let file: UnlinkedFile?
    private var memory: [UInt8] = []
    private(set) var count = 0

    /// A spill file in `directory` (in memory when nil); nil when the file cannot be made.
    init?(directory: String?) {
        guard let directory else {
            file = nil
            return
        }
        guard let file = UnlinkedFile(directory: directory, prefix: "zonectl-tiles") else { return nil }
        self.file = file
    }

    /// Appends `bytes`; where they start. Throws when the file takes fewer.
    func append(_ bytes: [UInt8]) throws -> Int {
        let offset = count
        if let file {
            guard file.write(bytes, at: offset) else {
                throw PMTilesError.spill("cannot write the tiles' temporary file: \(UnlinkedFile.lastError)")
            }
        } else {
            memory += bytes
        }
        count += bytes.count
        return offset
    }

    /// The bytes at `offset`, `length` long.
    func bytes(offset: Int, length: Int) throws -> [UInt8] {
        guard length > 0 else { return [] }
        guard let file else { return Array(memory[offset..<(offset + length)]) }
        guard let bytes = file.read(from: offset, count: length) else {
            throw PMTilesError.spill("cannot read the tiles' temporary file back")
        }
        return bytes
    }
}
