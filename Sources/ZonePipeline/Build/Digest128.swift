import Foundation

/// The first 16 bytes of a SHA-256, kept inline (no allocation per feature).
public struct Digest128: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    /// No digest (a build without a cache makes none).
    static let zero = Digest128(Array(repeating: 0, count: 16)[...])

    init(high: UInt64, low: UInt64) { (self.high, self.low) = (high, low) }

    /// From 16 bytes, the first 8 the high word.
    init(_ bytes: ArraySlice<UInt8>) {
        precondition(bytes.count == 16)
        (high, low) = bytes.withUnsafeBufferPointer { b in
            var words: (UInt64, UInt64) = (0, 0)
            for i in 0..<8 {
                words.0 = words.0 << 8 | UInt64(b[i])
                words.1 = words.1 << 8 | UInt64(b[8 + i])
            }
            return words
        }
    }

    var bytes: [UInt8] {
        (0..<16).map { i in UInt8(truncatingIfNeeded: (i < 8 ? high : low) >> (8 * UInt64(7 - i % 8))) }
    }
}
