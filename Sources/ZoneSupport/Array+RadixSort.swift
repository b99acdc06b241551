extension Array where Element == UInt64 {
    /// Sorts by the bits from `lowBit` up, stably: a key array already in order of its lower
    /// bits (cell << 32 | item, items appended in order) ends in order of the whole key.
    ///
    /// Least-significant-digit radix sort, 11 bits a pass; a pass whose digit is the same in
    /// every key is skipped (the high bits of small cell and item numbers). On the millions of
    /// keys of the overlay's buckets and the gap search's pairs it is several times faster
    /// than the standard library's comparison sort. Short arrays take that sort, which gives
    /// the same order (equal upper bits leave the lower bits to decide, as they already do).
    package mutating func radixSort(fromBit lowBit: Int = 0) {
        let n = count
        guard n > 256 else {
            sort()
            return
        }
        let digitBits = 11
        let buckets = 1 << digitBits
        let passes = (64 - lowBit + digitBits - 1) / digitBits
        // Every pass's histogram in one read of the keys.
        var counts = [Int](repeating: 0, count: passes * buckets)
        for k in self {
            for p in 0..<passes {
                counts[p * buckets + Int((k >> UInt64(lowBit + p * digitBits)) & UInt64(buckets - 1))] += 1
            }
        }
        // The keys move between two buffers (self's storage moved out, so no copy is made of it).
        var from = self
        self = []
        var to = [UInt64](unsafeUninitializedCapacity: n) { _, initialized in initialized = n }
        for p in 0..<passes {
            let base = p * buckets
            let shift = UInt64(lowBit + p * digitBits)
            // One digit value in every key: this pass would keep the order.
            if counts[base + Int((from[0] >> shift) & UInt64(buckets - 1))] == n { continue }
            var next = [Int](repeating: 0, count: buckets)
            var sum = 0
            for d in 0..<buckets {
                next[d] = sum
                sum += counts[base + d]
            }
            from.withUnsafeBufferPointer { src in
                to.withUnsafeMutableBufferPointer { dst in
                    next.withUnsafeMutableBufferPointer { next in
                        for k in src {
                            let d = Int((k >> shift) & UInt64(buckets - 1))
                            dst[next[d]] = k
                            next[d] += 1
                        }
                    }
                }
            }
            swap(&from, &to)
        }
        self = from
    }
}
