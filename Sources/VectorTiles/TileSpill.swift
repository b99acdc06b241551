#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an archive's tile bytes wait until the archive is laid out: an unlinked temporary file
/// (gone with the process), appended to and read back by offset, so a large archive's tiles sit
/// in the page cache (evictable), not in the process; or, without a directory, in memory.
final class TileSpill {
    private let fd: Int32
    private var memory: [UInt8] = []
    private(set) var count = 0

    /// A spill file in `directory` (in memory when nil); nil when the file cannot be made.
    init?(directory: String?) {
        guard let directory else {
            fd = -1
            return
        }
        var template = Array((directory + "/zonectl-tiles-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.fd = fd
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Appends `bytes`; where they start. Throws when the file takes fewer.
    func append(_ bytes: [UInt8]) throws -> Int {
        let offset = count
        if fd < 0 {
            memory += bytes
        } else {
            var n = 0
            try bytes.withUnsafeBytes { buf in
                while n < buf.count {
                    let got = pwrite(fd, buf.baseAddress! + n, buf.count - n, off_t(offset + n))
                    if got < 0 && errno == EINTR { continue }
                    guard got > 0 else {
                        throw PMTilesError.spill("cannot write the tiles' temporary file (errno \(errno))")
                    }
                    n += got
                }
            }
        }
        count += bytes.count
        return offset
    }

    /// `length` bytes from `offset`, appended to `out`.
    func read(offset: Int, length: Int, into out: inout [UInt8]) throws {
        guard length > 0 else { return }
        guard fd >= 0 else {
            out += memory[offset..<(offset + length)]
            return
        }
        let start = out.count
        out += repeatElement(0, count: length)
        var n = 0
        try out.withUnsafeMutableBytes { buf in
            while n < length {
                let got = pread(fd, buf.baseAddress! + start + n, length - n, off_t(offset + n))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    throw PMTilesError.spill("cannot read the tiles' temporary file (errno \(errno))")
                }
                n += got
            }
        }
    }

    /// The bytes at `offset`, `length` long.
    func bytes(offset: Int, length: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(length)
        try read(offset: offset, length: length, into: &out)
        return out
    }
}
