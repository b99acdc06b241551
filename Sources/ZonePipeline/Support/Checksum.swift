internal import CZlib

/// CRC-32 of `bytes` (zlib's, several GB/s): enough to tell that a feature's text changed
/// between two reads of one build; the cache, which must not be fooled, keys by SHA-256.
func crc32Checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    UInt32(crc32_z(0, bytes.baseAddress, z_size_t(bytes.count)))
}

func crc32Checksum(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { crc32Checksum($0) }
}
