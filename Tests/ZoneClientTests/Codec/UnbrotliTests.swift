import Testing

@testable import ZoneClientCore

/// ``Unbrotli`` on its own: exactly one complete stream (libbrotlidec on Linux, the Compression
/// framework on Apple platforms).
@Suite struct UnbrotliTests {
    @Test func decodesOneStreamAndNothingElse() {
        let brotli = BrotliUnpackTests.brotli
        for hint in [0, 43, 10_000] {
            #expect(Unbrotli.decompress(brotli, sizeHint: hint) == BrotliUnpackTests.content)
        }
        #expect(Unbrotli.decompress(Array(brotli.dropLast()), sizeHint: 0) == nil, "cut short")
        #expect(Unbrotli.decompress(brotli + [0], sizeHint: 0) == nil, "a byte after its end")
        #expect(Unbrotli.decompress(brotli + brotli, sizeHint: 0) == nil, "a second stream")
        #expect(Unbrotli.decompress([], sizeHint: 0) == nil)
    }
}
