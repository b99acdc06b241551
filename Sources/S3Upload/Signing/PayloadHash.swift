import Crypto
import Foundation

/// The payload line of a canonical request and the value of `x-amz-content-sha256`: the
/// lower-case hex SHA-256 of the body, or "UNSIGNED-PAYLOAD".
public struct PayloadHash: Sendable, Hashable, CustomStringConvertible {
    /// The text that is signed, e.g. "e3b0c442…b855".
    public let value: String

    private init(unchecked value: String) { self.value = value }

    /// A hash given as 64 hex digits (either case); nil for anything else.
    public init?(hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ $0.isHexDigit }) else { return nil }
        value = hex.lowercased()
    }

    /// The hash of `bytes` (swift-crypto `SHA256`).
    public static func sha256(of bytes: some DataProtocol) -> PayloadHash {
        PayloadHash(unchecked: SHA256.hash(data: bytes).hexString)
    }

    /// The body is not signed ("UNSIGNED-PAYLOAD"; S3 over TLS accepts it).
    public static let unsigned = PayloadHash(unchecked: "UNSIGNED-PAYLOAD")

    /// The hash of an empty body (GET, HEAD, DELETE).
    public static let emptyBody = PayloadHash.sha256(of: [UInt8]())

    /// The signed text.
    public var description: String { value }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}

extension Sequence<UInt8> {
    /// Lower-case hex, two digits per byte.
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for byte in self {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
