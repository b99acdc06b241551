import TestSupport
import Testing

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
}
