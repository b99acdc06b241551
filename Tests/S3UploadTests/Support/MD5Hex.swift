import Crypto

/// Lower-case hex MD5 of `bytes` (what S3 uses as the ETag of a single-part object).
func md5Hex(_ bytes: [UInt8]) -> String {
    Insecure.MD5.hash(data: bytes).map { byte in
        let hex = String(byte, radix: 16)
        return hex.count == 1 ? "0" + hex : hex
    }.joined()
}
