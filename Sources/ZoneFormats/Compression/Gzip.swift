internal import CLibdeflate

/// gzip (RFC 1952): compression with libdeflate, decompression with zlib; byte-reproducible
/// for the same input, level and libdeflate version.
///
/// libdeflate compresses a whole buffer at once, several times faster than zlib at the same
/// level and to smaller output (bench/README.md, "Compression levels"); zlib keeps the
/// streaming decoder every client has.
public enum Gzip {
    /// The header's OS byte: 3 (Unix) on every platform, so the bytes do not depend on where
    /// they were made.
    package static let operatingSystem: UInt8 = 3
    /// The levels libdeflate knows: 0 stores, 1 is fastest, 12 smallest; -1 means 6.
    public static let levels = -1...12

    /// `bytes` as one gzip member: a raw deflate stream from libdeflate at `level`, framed here.
    ///
    /// The header has mtime 0, no file name, comment or extra field, and OS byte 3; its XFL byte
    /// follows zlib's convention (4 at levels 0 and 1, 2 at 9 and above, else 0). The trailer is
    /// the CRC-32 and the length mod 2^32, little-endian.
    public static func compress(_ bytes: [UInt8], level: Int) throws -> [UInt8] {
        guard levels.contains(level) else { throw GzipError.invalidLevel(level) }
        let level = level == -1 ? 6 : level
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw GzipError.outOfMemory
        }
        defer { libdeflate_free_compressor(compressor) }
        let xfl: UInt8 = level <= 1 ? 4 : (level >= 9 ? 2 : 0)
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, xfl, operatingSystem]
        // An empty array may have no address; libdeflate still wants a pointer (to no bytes).
        let length = bytes.count
        return try (length == 0 ? [0] : bytes).withUnsafeBytes { input throws(GzipError) in
            let source = input.baseAddress!
            // Room for half the input first (GeoJSON compresses several times over; a build
            // holds the buffer beside the city's text, so a full bound would add to the heap's
            // peak for the largest city), then libdeflate's bound, with which it cannot run out.
            for room in [length / 2 + 1024, libdeflate_deflate_compress_bound(compressor, length)] {
                let out = [UInt8](unsafeUninitializedCapacity: header.count + room + 8) { buffer, count in
                    count = 0
                    let body = libdeflate_deflate_compress(
                        compressor, source, length, buffer.baseAddress! + header.count, room)
                    guard body > 0 else { return }
                    for (i, b) in header.enumerated() { buffer[i] = b }
                    let crc = libdeflate_crc32(0, source, length)
                    let size = UInt32(truncatingIfNeeded: length)
                    var end = header.count + body
                    for shift in stride(from: 0, to: 32, by: 8) {
                        buffer[end] = UInt8(truncatingIfNeeded: crc >> UInt32(shift))
                        buffer[end + 4] = UInt8(truncatingIfNeeded: size >> UInt32(shift))
                        end += 1
                    }
                    count = end + 4
                }
                guard !out.isEmpty else { continue }
                // Exact size: a build keeps every artifact until it is written.
                return out.count < out.capacity * 3 / 4 ? Array(out[...]) : out
            }
            throw GzipError.outOfMemory
        }
    }

    /// The bytes inside one gzip (or zlib) stream: zlib `inflate` with windowBits 15 + 32.
    ///
    /// The stream's check value (CRC-32 and length for gzip) is verified. Throws when the input
    /// is corrupt, ends early, or has bytes after the end of the stream (a second gzip member
    /// is such trailing data: ``compress(_:level:)`` never writes one).
    public static func decompress(_ bytes: [UInt8]) throws -> [UInt8] {
        let inflater = try ZStream.autoInflater()
        let (guess, overflow) = bytes.count.multipliedReportingOverflow(by: 4)
        return try inflater.process(bytes, initialCapacity: overflow ? bytes.count : max(guess, 1024))
    }
}
