import Crypto

/// Lower-case hex SHA-256 of `bytes` (swift-crypto).
public func sha256Hex(_ bytes: [UInt8]) -> String {
    hex(SHA256.hash(data: bytes))
}

/// Bytes as lower-case hex (inlinable: generic, and called from other modules).
@inlinable package func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for b in bytes {
        out.append(digits[Int(b >> 4)])
        out.append(digits[Int(b & 15)])
    }
    return String(decoding: out, as: UTF8.self)
}
