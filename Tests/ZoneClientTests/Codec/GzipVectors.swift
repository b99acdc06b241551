import Testing

@testable import ZoneClientCore

/// gzip test data written by Python's gzip and zlib modules (not by the code under test):
/// one member of ``content``, and headers with each optional field for the same member body.
enum GzipVectors {
    /// A small zone file.
    static let content = Array(
        (#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"style":"parking"},"#
            + #""geometry":{"type":"Polygon","coordinates":[[[13.4,52.5],[13.5,52.5],[13.5,52.6],[13.4,52.5]]]}}]}"#)
            .utf8)
    /// `zlib.crc32(content)`.
    static let contentCRC: UInt32 = 0x3d4e_c755

    /// `gzip.compress(content, compresslevel=9, mtime=0)`: a 10-byte header (no optional field),
    /// DEFLATE data, then CRC32 and ISIZE.
    static let plain: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x5d, 0x8c, 0xbb, 0x0e, 0xc3, 0x20, 0x10, 0x04,
        0xff, 0xe5, 0x6a, 0x64, 0x29, 0x0f, 0x52, 0xb8, 0x8d, 0x94, 0x3a, 0x3d, 0xa2, 0x40, 0xce, 0x05, 0xa1, 0x10,
        0x0e, 0x9d, 0xcf, 0x05, 0x42, 0xfc, 0x7b, 0x82, 0xed, 0xca, 0xdd, 0x68, 0x67, 0x77, 0x2b, 0x48, 0xc9, 0x08,
        0x23, 0x3c, 0xd0, 0xc9, 0xc2, 0x78, 0xa7, 0x18, 0x71, 0x92, 0x40, 0x09, 0x14, 0xbc, 0xb7, 0x6c, 0x86, 0xd1,
        0xd4, 0x43, 0xef, 0x6f, 0x33, 0x53, 0x46, 0x96, 0xd0, 0x7d, 0x85, 0x59, 0x4a, 0xec, 0x3e, 0x3b, 0xfe, 0x84,
        0xe4, 0xa1, 0x29, 0xf0, 0x48, 0x5f, 0x14, 0x2e, 0x5d, 0xef, 0xeb, 0x27, 0xc5, 0xe2, 0xd7, 0xef, 0x89, 0x88,
        0x5f, 0x21, 0x39, 0x59, 0xef, 0x8d, 0x39, 0x5d, 0x86, 0xab, 0xd2, 0xe7, 0x41, 0x5b, 0xd5, 0x59, 0x1f, 0xf9,
        0xb6, 0xf1, 0xde, 0xb1, 0xb6, 0x35, 0xdb, 0x7e, 0x55, 0xc7, 0x4e, 0x3d, 0xbd, 0x00, 0x00, 0x00,
    ]

    /// A header variant: its FLG and its bytes (ID1 through the last optional field).
    struct Header: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
        /// The whole member: this header, then `plain`'s DEFLATE data and trailer.
        var member: [UInt8] { bytes + GzipVectors.plain[10...] }
    }

    /// Headers Python wrote: `gzip.GzipFile(filename="zone.geojson", mtime=0)` for FNAME, and
    /// `bytes([0x1f, 0x8b, 8, flg]) + mtime + xfl + os + fields` (FHCRC from `zlib.crc32(header)`)
    /// for the others, each checked with `gzip.decompress`.
    static let headers: [Header] = [
        Header(name: "none", bytes: Array(plain[..<10])),
        Header(name: "FTEXT", bytes: [0x1f, 0x8b, 0x08, 0x01, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03]),
        Header(
            name: "FNAME",
            bytes: [0x1f, 0x8b, 0x08, 0x08, 0x00, 0x00, 0x00, 0x00, 0x02, 0xff] + Array("zone.geojson\0".utf8)),
        Header(
            name: "FEXTRA",
            bytes: [
                0x1f, 0x8b, 0x08, 0x04, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x08, 0x00, 0x41, 0x50, 0x04, 0x00, 0x7a,
                0x6f, 0x6e, 0x65,
            ]),
        Header(
            name: "FCOMMENT",
            bytes: [0x1f, 0x8b, 0x08, 0x10, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03] + Array("zonectl test\0".utf8)),
        Header(name: "FHCRC", bytes: [0x1f, 0x8b, 0x08, 0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x25, 0x15]),
        Header(
            name: "all five",
            bytes: [0x1f, 0x8b, 0x08, 0x1f, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x06, 0x00, 0x41, 0x50, 0x02, 0x00]
                + Array("okzone.geojson\0zonectl\0".utf8) + [0x83, 0xe7]),
    ]

    /// A gzip member of `content` in stored (uncompressed) DEFLATE blocks of at most `blockSize`
    /// bytes (RFC 1951 §3.2.4), with the trailer from ``CRC32``: large, many-block test data
    /// that zlib's own checks then confirm.
    static func stored(_ content: [UInt8], blockSize: Int = 65_535) -> [UInt8] {
        var member: [UInt8] = Array(plain[..<10])
        var start = 0
        repeat {
            let end = min(start + blockSize, content.count)
            let length = UInt16(end - start)
            member.append(end == content.count ? 1 : 0)  // BFINAL, BTYPE 00
            member += [UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
            member += content[start..<end]
            start = end
        } while start < content.count
        return member + littleEndian(CRC32.checksum(content)) + littleEndian(UInt32(truncatingIfNeeded: content.count))
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
