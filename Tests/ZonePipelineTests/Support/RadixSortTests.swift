import TestSupport
import Testing

@testable import ZonePipeline
@testable import ZoneSupport

/// `radixSort`: the same order as the standard sort, for short and long arrays, keys spread
/// over all 64 bits or crowded into few digits; from bit 32 it orders by the upper half and
/// keeps the lower half's order, as the overlay's buckets rely on.
@Suite struct RadixSortTests {
    @Test func sortsAsTheStandardSortDoes() {
        var random = SeededRandom(seed: 7)
        for n in [0, 1, 2, 256, 257, 1000, 50_000] {
            for mask: UInt64 in [.max, 0xFFFF, 0x7_0000_0FFF, 0xFFFF_FFFF_0000_0000] {
                let keys = (0..<n).map { _ in random.next() & mask }
                var sorted = keys
                sorted.radixSort()
                #expect(sorted == keys.sorted(), "n \(n), mask \(String(mask, radix: 16))")
            }
        }
    }

    /// Cell << 32 | item, items appended in order: sorting by the cell alone gives (cell, item)
    /// order, and the lower bits never move a key past another of its cell.
    @Test func fromBit32KeepsTheOrderOfTheLowerHalf() {
        var random = SeededRandom(seed: 11)
        for n in [100, 300, 20_000] {
            var keys: [UInt64] = []
            for item in 0..<UInt64(n) {
                for _ in 0..<(1 + random.next() % 3) { keys.append((random.next() % 5000) << 32 | item) }
            }
            var byCell = keys
            byCell.radixSort(fromBit: 32)
            #expect(byCell == keys.sorted(), "n \(n)")
            // Lower bits out of order are left so: only the upper half is sorted.
            var reversed = keys.reversed().map { $0 }
            reversed.radixSort(fromBit: 32)
            let expected = keys.reversed().enumerated().sorted {
                ($0.element >> 32, $0.offset) < ($1.element >> 32, $1.offset)
            }
            .map(\.element)
            if n > 256 { #expect(reversed == expected, "n \(n), stable by the upper half") }
        }
    }
}
