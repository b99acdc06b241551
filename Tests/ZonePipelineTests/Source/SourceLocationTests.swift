import TestSupport
import Testing
import ZoneFormats

@testable import ZonePipeline

/// Line and column of a byte do not depend on which bytes were looked up before it (the
/// lookup keeps a cursor, and steps forward or back from it on one line).
@Suite struct SourceLocationTests {
    static let texts: [(String, [UInt8])] = [
        ("one line", Array(#"{"a":"éé","b":[1,2,3],"c":"日本","d":[[0,0],[1,1]]}"#.utf8)),
        ("lines", Array("{\n  \"a\": \"é\",\n\n  \"b\": [1, 2],\r\n  \"c\": \"日本語\"\n}\n".utf8)),
        ("byte order mark", [0xEF, 0xBB, 0xBF] + Array(#"{"a":"é","b":[1,2]}"#.utf8)),
    ]

    @Test(arguments: texts.indices) func anyOrderGivesTheSameLocations(_ t: Int) {
        let (name, bytes) = Self.texts[t]
        // Each byte on its own (a new text per lookup: no cursor).
        let alone = bytes.indices.map { SourceText(path: name, bytes: bytes).location(ofByte: $0) }
        var rng = SeededRandom(seed: UInt64(t) + 1)
        let text = SourceText(path: name, bytes: bytes)
        for _ in 0..<2000 {
            let i = Int(rng.next() % UInt64(bytes.count))
            #expect(text.location(ofByte: i) == alone[i], "\(name): byte \(i)")
        }
        // Forward, then backward, over every byte.
        for i in bytes.indices { #expect(text.location(ofByte: i) == alone[i]) }
        for i in bytes.indices.reversed() { #expect(text.location(ofByte: i) == alone[i]) }
    }

    /// Columns count Unicode scalars (a column counter takes eight bytes at a time): on a long
    /// line of one- to four-byte characters, each character's column is one more than the
    /// scalars before it, looked up in order and each on a text of its own.
    @Test func columnsCountScalarsOnALongLine() {
        var rng = SeededRandom(seed: 7)
        let alphabet = ["a", "é", "日", "😀", " "]
        var line = ""
        var starts: [(offset: Int, column: Int)] = []
        for k in 0..<3000 {
            starts.append((line.utf8.count, k + 1))
            line += alphabet[Int(rng.next() % UInt64(alphabet.count))]
        }
        let bytes = Array(("{}\n" + line).utf8)
        let text = SourceText(path: "long line", bytes: bytes)
        for (k, start) in starts.enumerated() {
            let expected = SourceLocation(file: "long line", line: 2, column: start.column)
            #expect(text.location(ofByte: 3 + start.offset) == expected)
            if k % 37 == 0 {
                #expect(SourceText(path: "long line", bytes: bytes).location(ofByte: 3 + start.offset) == expected)
            }
        }
    }
}
