import Testing

@testable import ZoneClientCore

/// CRC-32 known answers (the check value of the CRC catalogue, and zlib's `crc32()`).
@Suite struct CRC32Tests {
    @Test func knownAnswers() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xcbf4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414f_a339)
        #expect(CRC32.checksum(Array(0...255)) == 0x2905_8c73)
        #expect(CRC32.checksum(GzipVectors.content) == GzipVectors.contentCRC)
    }

    @Test func continuesFromAPrefix() {
        let bytes = Array("123456789".utf8)
        for split in 0...bytes.count {
            #expect(CRC32.checksum(bytes[split...], continuing: CRC32.checksum(bytes[..<split])) == 0xcbf4_3926)
        }
    }
}
