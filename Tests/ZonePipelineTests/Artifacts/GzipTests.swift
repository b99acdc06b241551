import Foundation
import TestSupport
import Testing
import ZoneFormats

@testable import ZonePipeline

@Suite struct GzipTests {
    /// Inputs of different kinds: empty, short text, repetitive, incompressible, > 1 MiB.
    static let inputs: [(String, [UInt8])] = {
        var rng = SeededRandom(seed: 42)
        let random = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let text = Array(String(repeating: #"{"type":"Feature","bbox":[13.1,52.2,13.45,52.5]},"#, count: 30_000).utf8)
        return [("empty", []), ("short", Array("hello, gzip\n".utf8)), ("random", random), ("json 1.5 MB", text)]
    }()

    @Test(.tags(.slow), arguments: [-1, 0, 1, 6, 9, 12])
    func roundTrip(level: Int) throws {
        for (name, input) in Self.inputs {
            let compressed = try Gzip.compress(input, level: level)
            #expect(try Gzip.decompress(compressed) == input, "\(name)")
        }
    }

    @Test func repetitiveInputShrinks() throws {
        let input = Self.inputs[3].1
        let fast = try Gzip.compress(input, level: 1)
        let best = try Gzip.compress(input, level: 9)
        #expect(fast.count < input.count / 20)
        #expect(best.count <= fast.count)
    }

    @Test func sameInputSameBytes() throws {
        for (name, input) in Self.inputs {
            #expect(try Gzip.compress(input, level: 9) == Gzip.compress(input, level: 9), "\(name)")
        }
    }

    /// ID1 ID2 CM=8 FLG=0 (no name, comment, extra, header CRC), MTIME 0, XFL as zlib would set it,
    /// OS 3 (Unix); the trailer ends with ISIZE, the input length mod 2^32, little-endian.
    @Test(arguments: [(1, UInt8(4)), (6, UInt8(0)), (9, UInt8(2)), (12, UInt8(2))])
    func headerIsFixed(level: Int, xfl: UInt8) throws {
        let input = Self.inputs[1].1
        let gz = try Gzip.compress(input, level: level)
        #expect(Array(gz.prefix(10)) == [0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, xfl, 0x03])
        let n = UInt32(input.count)
        #expect(Array(gz.suffix(4)) == [UInt8(n & 0xff), UInt8(n >> 8 & 0xff), UInt8(n >> 16 & 0xff), UInt8(n >> 24)])
    }

    /// The system gzip checks the output (`gzip -t`: structure and CRC) and restores the input.
    @Test(arguments: [1, 9])
    func systemGzipAcceptsTheOutput(level: Int) throws {
        let dir = try makeTemporaryDirectory("gzip")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, input) in Self.inputs {
            let file = dir.appendingPathComponent("out.gz")
            try Data(try Gzip.compress(input, level: level)).write(to: file)
            let test = try runTool("gzip", ["-t", file.path])
            #expect(test.status == 0 && test.stderr.isEmpty, "\(name): \(test.stderr)")
            let decoded = try runTool("gzip", ["-dc", file.path])
            #expect(decoded.status == 0, "\(name): \(decoded.stderr)")
            #expect(decoded.stdout == input, "\(name)")
        }
    }

    /// The other direction: what the system gzip writes, decompress reads.
    @Test func decompressReadsSystemGzip() throws {
        let dir = try makeTemporaryDirectory("gzip")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = Self.inputs[3].1
        let file = dir.appendingPathComponent("in.json")
        try Data(input).write(to: file)
        let compressed = try runTool("gzip", ["-c", "-n", "-9", file.path])
        #expect(compressed.status == 0)
        #expect(try Gzip.decompress(compressed.stdout) == input)
    }

    @Test func invalidLevelThrows() {
        #expect(throws: GzipError.invalidLevel(13)) { try Gzip.compress([1, 2, 3], level: 13) }
        #expect(throws: GzipError.invalidLevel(-2)) { try Gzip.compress([1, 2, 3], level: -2) }
    }

    @Test func notGzipThrowsZlibDataError() {
        let error = #expect(throws: GzipError.self) { try Gzip.decompress(Array("hello, world".utf8)) }
        #expect(error == .zlib(function: "inflate", code: -3, message: "incorrect header check"))
        #expect(error?.description == "inflate failed (zlib code -3): incorrect header check")
    }

    @Test func corruptCRCThrows() throws {
        var gz = try Gzip.compress(Self.inputs[3].1, level: 6)
        gz[gz.count - 8] ^= 0xff  // first byte of the CRC-32 in the trailer
        #expect(throws: GzipError.zlib(function: "inflate", code: -3, message: "incorrect data check")) {
            try Gzip.decompress(gz)
        }
    }

    /// Flipping bytes in the deflate body is always caught (by the decoder or the CRC).
    @Test func corruptBodyThrows() throws {
        let input = Self.inputs[2].1
        let gz = try Gzip.compress(input, level: 6)
        var rng = SeededRandom(seed: 7)
        for _ in 0..<50 {
            var bad = gz
            let i = Int.random(in: 10..<(gz.count - 8), using: &rng)
            bad[i] ^= UInt8.random(in: 1...255, using: &rng)
            #expect(throws: GzipError.self) { try Gzip.decompress(bad) }
        }
    }

    @Test func truncatedInputThrows() throws {
        let gz = try Gzip.compress(Self.inputs[3].1, level: 6)
        for count in [0, 5, 10, gz.count / 2, gz.count - 1] {
            #expect(throws: GzipError.truncated, "\(count) bytes") { try Gzip.decompress(Array(gz.prefix(count))) }
        }
    }

    @Test func trailingDataThrows() throws {
        let gz = try Gzip.compress(Self.inputs[1].1, level: 6)
        #expect(throws: GzipError.trailingData(count: 3)) { try Gzip.decompress(gz + [0, 1, 2]) }
    }
}
