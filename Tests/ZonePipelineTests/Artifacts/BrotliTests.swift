import Foundation
import TestSupport
import Testing
import ZoneFormats

@testable import ZonePipeline

@Suite struct BrotliTests {
    /// Inputs of different kinds: empty, short text, incompressible, repetitive JSON (> 1 MiB).
    static let inputs: [(String, [UInt8])] = {
        var rng = SeededRandom(seed: 7)
        let random = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let text = Array(String(repeating: #"{"type":"Feature","bbox":[13.1,52.2,13.45,52.5]},"#, count: 30_000).utf8)
        return [("empty", []), ("short", Array("hello, brotli\n".utf8)), ("random", random), ("json 1.5 MB", text)]
    }()

    @Test(arguments: [0, 5, 11])
    func roundTrip(quality: Int) throws {
        for (name, input) in Self.inputs {
            let compressed = try Brotli.compress(input, quality: quality)
            #expect(try Brotli.decompress(compressed) == input, "\(name)")
        }
    }

    @Test func sameInputSameBytes() throws {
        for (name, input) in Self.inputs {
            #expect(try Brotli.compress(input, quality: 11) == Brotli.compress(input, quality: 11), "\(name)")
        }
    }

    @Test func emptyInputIsOneByte() throws {
        let compressed = try Brotli.compress([], quality: 11)
        #expect(compressed == [0x06], "the empty brotli stream (ISLAST, ISLASTEMPTY)")
        #expect(try Brotli.decompress(compressed) == [])
    }

    @Test func beatsGzipOnJSON() throws {
        let input = Self.inputs[3].1
        #expect(try Brotli.compress(input, quality: 11).count < Gzip.compress(input, level: 9).count)
    }

    @Test func rejectsTruncatedCorruptAndTrailingData() throws {
        let input = Self.inputs[3].1
        let compressed = try Brotli.compress(input, quality: 5)
        #expect(throws: BrotliError.truncated) { try Brotli.decompress(Array(compressed.dropLast(4))) }
        #expect(throws: BrotliError.trailingData(count: 3)) { try Brotli.decompress(compressed + [1, 2, 3]) }
        #expect(throws: BrotliError.truncated) { try Brotli.decompress([]) }
        var corrupt = compressed
        corrupt[0] ^= 0xFF
        corrupt[corrupt.count / 2] ^= 0x5A
        #expect(throws: BrotliError.self) { try Brotli.decompress(corrupt) }
        #expect(throws: BrotliError.self) { try Brotli.decompress(Array("not brotli at all".utf8)) }
    }

    @Test func invalidQualityIsRefused() {
        #expect(throws: BrotliError.invalidQuality(12)) { try Brotli.compress([1], quality: 12) }
        #expect(throws: BrotliError.invalidQuality(-1)) { try Brotli.compress([1], quality: -1) }
    }
}
