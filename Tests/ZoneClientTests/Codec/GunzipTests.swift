import Testing

@testable import ZoneClientCore

/// ``Gunzip`` as the store uses it: zlib on Linux, the Compression framework on Apple platforms.
@Suite struct GunzipTests {
    @Test(arguments: GzipVectors.headers) func readsEachHeaderVariant(_ header: GzipVectors.Header) {
        #expect(Gunzip.decompress(header.member, sizeHint: 0) == GzipVectors.content)
        #expect(Gunzip.decompress(header.member, sizeHint: GzipVectors.content.count) == GzipVectors.content)
    }

    @Test func refusesABadTrailerOrBytesAfterIt() {
        for bad in TrailerDamage.all {
            #expect(Gunzip.decompress(bad.bytes, sizeHint: 0) == nil, "\(bad.name)")
        }
        #expect(Gunzip.decompress([], sizeHint: 0) == nil)
    }

    @Test func rawInflateTakesExactlyOneDeflateStream() throws {
        let member = try #require(GzipMember(GzipVectors.plain))
        let deflate = GzipVectors.plain[member.deflate]
        #expect(Gunzip.inflateRaw(deflate, sizeHint: 0) == GzipVectors.content)
        #expect(Gunzip.inflateRaw(deflate.dropLast(), sizeHint: 0) == nil, "cut short")
        #expect(Gunzip.inflateRaw(deflate + [0], sizeHint: 0) == nil, "a byte after its end")
        #expect(Gunzip.inflateRaw([], sizeHint: 0) == nil)
    }
}
