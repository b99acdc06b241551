/// Percent-encoding as SigV4 and S3 define it: the RFC 3986 unreserved characters
/// (`A–Z a–z 0–9 - _ . ~`) stay, every other UTF-8 byte becomes `%XX` with upper-case hex.
/// Input is the raw (decoded) text; encoding happens exactly once.
public enum S3URIEncoding {
    /// An object key or request path for the request line and the canonical URI: '/' is kept,
    /// everything else outside the unreserved set is encoded ("a b/ü+~" → "a%20b/%C3%BC%2B~").
    /// No normalisation: "//", "." and ".." segments stay as they are, as S3 keys may contain them.
    public static func encodePath(_ path: String) -> String { encode(path, keepingSlash: true) }

    /// A query-string name or value: as `encodePath`, but '/' becomes "%2F" too.
    public static func encodeQueryComponent(_ text: String) -> String { encode(text, keepingSlash: false) }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func encode(_ text: String, keepingSlash: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepingSlash && byte == UInt8(ascii: "/")) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
