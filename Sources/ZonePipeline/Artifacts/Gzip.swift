/// gzip (RFC 1952) compression with zlib, byte-reproducible for the same input and level.
public enum Gzip {
    /// The header's OS byte: 3 (Unix) on every platform, so the bytes do not depend on where
    /// they were made (zlib's own default is 19 on Apple systems since 1.2.12).
    static let operatingSystem: Int32 = 3

    /// `bytes` as one gzip member: zlib `deflate` at `level` (-1...9; -1 is zlib's default, 6),
    /// window 32 KiB, memLevel 8, strategy Z_FILTERED (see ``ZStream``).
    ///
    /// The header (set with `deflateSetHeader`) has mtime 0, no file name, comment or extra
    /// field, and OS byte 3; its XFL byte is zlib's (2 at level 9, 4 at levels 0 and 1, else 0).
    public static func compress(_ bytes: [UInt8], level: Int) throws -> [UInt8] {
        guard (-1...9).contains(level) else { throw GzipError.invalidLevel(level) }
        let deflater = try ZStream.gzipDeflater(level: Int32(level), os: operatingSystem)
        return try deflater.process(bytes, initialCapacity: deflater.maximumDeflatedSize(bytes.count))
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
