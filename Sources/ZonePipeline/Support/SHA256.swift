import Crypto

/// Lower-case hex SHA-256 of `bytes` (swift-crypto).
public func sha256Hex(_ bytes: [UInt8]) -> String {
    let digest = SHA256.hash(data: bytes)
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for b in digest {
        out.append(hex[Int(b >> 4)])
        out.append(hex[Int(b & 15)])
    }
    return String(decoding: out, as: UTF8.self)
}
