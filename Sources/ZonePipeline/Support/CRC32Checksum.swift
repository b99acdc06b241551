internal import CLibdeflate

/// CRC-32 of `bytes` (libdeflate's, by carry-less multiplication: several times zlib's speed,
/// the same values): enough to tell that a feature's
/// text changed between two reads of one build; the cache, which must not be fooled, keys by
/// SHA-256.
func crc32Checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    UInt32(libdeflate_crc32(0, bytes.baseAddress, bytes.count))
}

func crc32Checksum(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { crc32Checksum($0) }
}
