/// CRC-32 as gzip (RFC 1952 §8) and zlib's `crc32()` compute it: the reflected polynomial
/// 0xEDB88320, one byte a step through a 256-entry table.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    /// The CRC-32 of `bytes` following bytes whose CRC-32 is `previous` (0: none).
    static func checksum(_ bytes: some Sequence<UInt8>, continuing previous: UInt32 = 0) -> UInt32 {
        let table = Self.table
        var crc = ~previous
        for byte in bytes { crc = table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8) }
        return ~crc
    }
}
