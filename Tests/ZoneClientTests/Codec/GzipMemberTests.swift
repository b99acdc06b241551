import Testing

@testable import ZoneClientCore

/// The gzip header and trailer checks the Apple gzip reader relies on, run here with zlib's raw
/// inflate in place of `COMPRESSION_ZLIB` (on Apple platforms, with the Compression framework's).
@Suite struct GzipMemberTests {
    static func decompress(_ bytes: [UInt8], sizeHint: Int = 0) -> [UInt8]? {
        GzipMember.decompress(bytes, sizeHint: sizeHint, inflateRaw: Gunzip.inflateRaw)
    }

    @Test(arguments: GzipVectors.headers) func readsEachHeaderVariant(_ header: GzipVectors.Header) throws {
        let member = try #require(GzipMember(header.member))
        #expect(member.deflate == header.bytes.count..<(header.member.count - 8))
        #expect(member.crc32 == GzipVectors.contentCRC)
        #expect(member.size == UInt32(GzipVectors.content.count))
        #expect(Self.decompress(header.member) == GzipVectors.content)
    }

    @Test func refusesABadHeader() {
        var plain = GzipVectors.plain
        for (offset, value) in [(0, 0x1e), (1, 0x8c), (2, 7)] as [(Int, UInt8)] {
            var bad = plain
            bad[offset] = value
            #expect(GzipMember(bad) == nil, "byte \(offset) = \(value)")
        }
        for reserved in [0x20, 0x40, 0x80] as [UInt8] {
            plain[3] = reserved
            #expect(GzipMember(plain) == nil, "reserved flag \(reserved)")
        }
        #expect(GzipMember([]) == nil)
        #expect(GzipMember(Array(GzipVectors.plain[..<17])) == nil, "a header and no room for the trailer")
    }

    @Test func refusesAnOptionalFieldThatRunsPastTheEnd() throws {
        let all = try #require(GzipVectors.headers.last)
        #expect(all.bytes[3] == 0x1f)
        // Cut anywhere inside the header: no optional field may run into the trailer's place.
        for cut in 10..<all.bytes.count {
            #expect(GzipMember(Array(all.bytes[..<cut]) + Array(repeating: 0xff, count: 8)) == nil, "cut at \(cut)")
        }
        // FNAME without its terminating zero.
        var unterminated = [0x1f, 0x8b, 0x08, 0x08, 0, 0, 0, 0, 0, 3] + Array("zone".utf8)
        unterminated += Array(repeating: 0xff, count: 8)
        #expect(GzipMember(unterminated) == nil)
        // XLEN larger than what follows.
        let longExtra: [UInt8] = [0x1f, 0x8b, 0x08, 0x04, 0, 0, 0, 0, 0, 3, 0xff, 0xff]
        #expect(GzipMember(longExtra + Array(repeating: 0, count: 20)) == nil)
    }

    @Test func refusesAWrongHeaderCRC() throws {
        let hcrc = try #require(GzipVectors.headers.first { $0.name == "FHCRC" })
        var member = hcrc.member
        member[10] ^= 1
        #expect(GzipMember(member) == nil)
        #expect(Gunzip.decompress(member, sizeHint: 0) == nil, "zlib checks it too")
    }

    @Test func refusesABadTrailerOrBytesAfterIt() {
        for bad in TrailerDamage.all {
            #expect(Self.decompress(bad.bytes) == nil, "\(bad.name)")
        }
    }

    @Test func describesOnlyTheContentItsTrailerNames() throws {
        let member = try #require(GzipMember(GzipVectors.plain))
        #expect(member.describes(GzipVectors.content))
        #expect(!member.describes(GzipVectors.content + [0]))
        var other = GzipVectors.content
        other[0] = UInt8(ascii: "[")
        #expect(!member.describes(other))
    }

    @Test(arguments: [0, 1, 64, 189, 190, 10_000]) func anySizeHintGivesTheSameContent(_ hint: Int) {
        #expect(Self.decompress(GzipVectors.plain, sizeHint: hint) == GzipVectors.content)
    }

    @Test func readsALargeManyBlockMember() {
        let content = (0..<150_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        let stored = GzipVectors.stored(content)
        #expect(Self.decompress(stored) == content)
        #expect(Gunzip.decompress(stored, sizeHint: 0) == content, "zlib agrees with the CRC-32 and ISIZE")
        #expect(Self.decompress(GzipVectors.stored([])) == [])
        #expect(Self.decompress(GzipVectors.stored(Array(stored[..<3_000]), blockSize: 7)) == Array(stored[..<3_000]))
    }
}

/// Members damaged after the header, each refused by both gzip readers.
struct TrailerDamage {
    var name: String
    var bytes: [UInt8]

    static var all: [TrailerDamage] {
        let plain = GzipVectors.plain
        var damage = (1...8).map { TrailerDamage(name: "trailer cut by \($0)", bytes: Array(plain.dropLast($0))) }
        for (name, offset) in [("wrong CRC-32", plain.count - 8), ("wrong ISIZE", plain.count - 4)] {
            var bytes = plain
            bytes[offset] ^= 0x01
            damage.append(TrailerDamage(name: name, bytes: bytes))
        }
        var corrupt = plain
        corrupt[40] ^= 0x10
        damage += [
            TrailerDamage(name: "corrupt DEFLATE data", bytes: corrupt),
            TrailerDamage(name: "a zero byte after the trailer", bytes: plain + [0]),
            TrailerDamage(name: "garbage after the trailer", bytes: plain + Array("garbage".utf8)),
            TrailerDamage(name: "a copy of the trailer after it", bytes: plain + plain.suffix(8)),
            TrailerDamage(name: "a second member", bytes: plain + plain),
            TrailerDamage(name: "header only", bytes: Array(plain[..<10])),
        ]
        return damage
    }
}
