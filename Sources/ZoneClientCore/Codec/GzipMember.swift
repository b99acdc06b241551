/// A gzip member (RFC 1952 §2.3) that is the whole input, taken apart: where its DEFLATE data
/// lies and what its trailer records. zlib checks all of this itself; the Compression framework
/// inflates raw DEFLATE only, so Apple platforms check the header and trailer here.
struct GzipMember: Equatable {
    /// The raw DEFLATE data: from the end of the header to the 8-byte trailer.
    var deflate: Range<Int>
    /// The trailer's CRC32: the CRC-32 of the uncompressed content.
    var crc32: UInt32
    /// The trailer's ISIZE: the uncompressed size modulo 2^32.
    var size: UInt32

    /// FLG bits (RFC 1952 §2.3.1). FTEXT (1) is a hint and changes nothing.
    private enum Flag {
        static let headerCRC: UInt8 = 0x02
        static let extra: UInt8 = 0x04
        static let name: UInt8 = 0x08
        static let comment: UInt8 = 0x10
        static let reserved: UInt8 = 0xe0
    }

    /// The member `bytes` hold; nil unless they start with a valid header (ID1 ID2, CM 8, no
    /// reserved flag, each optional field complete, the header CRC-16 right when FHCRC is set)
    /// and the header leaves room for the trailer.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 18, bytes[0] == 0x1f, bytes[1] == 0x8b, bytes[2] == 8 else { return nil }
        let flags = bytes[3]
        guard flags & Flag.reserved == 0 else { return nil }
        var end = 10  // ID1 ID2 CM FLG MTIME(4) XFL OS
        if flags & Flag.extra != 0 {
            guard end + 2 <= bytes.count else { return nil }
            end += 2 + (Int(bytes[end]) | Int(bytes[end + 1]) << 8)  // XLEN, then XLEN bytes
        }
        for field in [Flag.name, Flag.comment] where flags & field != 0 {
            // FNAME, then FCOMMENT: each zero-terminated.
            guard end < bytes.count, let zero = bytes[end...].firstIndex(of: 0) else { return nil }
            end = zero + 1
        }
        if flags & Flag.headerCRC != 0 {
            // The low 16 bits of the CRC-32 of the header bytes before it.
            guard end + 2 <= bytes.count else { return nil }
            let stored = UInt16(bytes[end]) | UInt16(bytes[end + 1]) << 8
            guard stored == UInt16(truncatingIfNeeded: CRC32.checksum(bytes[..<end])) else { return nil }
            end += 2
        }
        guard end + 8 <= bytes.count else { return nil }
        deflate = end..<(bytes.count - 8)
        crc32 = Self.littleEndian(bytes, at: bytes.count - 8)
        size = Self.littleEndian(bytes, at: bytes.count - 4)
    }

    /// True when the trailer describes `content`: its CRC-32, and its size modulo 2^32.
    func describes(_ content: [UInt8]) -> Bool {
        UInt32(truncatingIfNeeded: content.count) == size && CRC32.checksum(content) == crc32
    }

    /// The content of the one gzip member that is all of `input`, or nil. `inflateRaw` decodes
    /// the bytes between header and trailer; it must return nil unless they are exactly one
    /// complete DEFLATE stream, so a stream cut short or followed by other bytes is refused.
    static func decompress(
        _ input: [UInt8], sizeHint: Int, inflateRaw: (ArraySlice<UInt8>, Int) -> [UInt8]?
    ) -> [UInt8]? {
        guard let member = GzipMember(input), let content = inflateRaw(input[member.deflate], sizeHint),
            member.describes(content)
        else { return nil }
        return content
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { value, index in value | UInt32(bytes[offset + index]) << (8 * index) }
    }
}
