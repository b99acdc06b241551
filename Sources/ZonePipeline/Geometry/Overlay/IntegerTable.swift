/// A key of ``IntegerTable``: fixed-size integers with a cheap multiplicative hash.
protocol IntegerTableKey: Equatable {
    static var zero: Self { get }
    var tableHash: UInt64 { get }
}

extension GridPoint: IntegerTableKey {
    static var zero: GridPoint { GridPoint(x: 0, y: 0) }
    var tableHash: UInt64 {
        UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: y) &* 0xC2B2_AE3D_27D4_EB4F
    }
}

/// A segment as a table key: its two end points.
struct GridSegment: IntegerTableKey {
    var from: GridPoint
    var to: GridPoint
    static var zero: GridSegment { GridSegment(from: .zero, to: .zero) }
    var tableHash: UInt64 {
        let h = from.tableHash
        return (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(bitPattern: to.x) &* 0x94D0_49BB_1331_11EB
            ^ UInt64(bitPattern: to.y) &* 0xD6E8_FEB8_6659_FD93
    }
}

/// A hash table from integer keys (grid points, segments) to non-negative Int32: open
/// addressing, linear probing, a multiplicative hash. The overlay's hot loops look up millions
/// of points, where the standard library's seeded SipHash dominated the profile. Key and value
/// share a slot (value -1: empty), so a probe touches one cache line.
struct IntegerTable<Key: IntegerTableKey> {
    private var slots: [(key: Key, value: Int32)]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: (.zero, -1), count: size)
        mask = size - 1
    }

    @inline(__always) private func slot(_ k: Key) -> Int {
        var h = k.tableHash
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    subscript(_ k: Key) -> Int32? {
        var i = slot(k)
        while slots[i].value >= 0 {
            if slots[i].key == k { return slots[i].value }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Stores `value` (≥ 0) for `k` unless `k` is present; returns the stored value and whether it was new.
    @discardableResult
    mutating func insert(_ k: Key, _ value: Int32) -> (value: Int32, inserted: Bool) {
        if (count + 1) * 2 > slots.count { grow() }
        var i = slot(k)
        while slots[i].value >= 0 {
            if slots[i].key == k { return (slots[i].value, false) }
            i = (i + 1) & mask
        }
        slots[i] = (k, value)
        count += 1
        return (value, true)
    }

    private mutating func grow() {
        let old = slots
        self = IntegerTable(capacity: slots.count)
        for (k, v) in old where v >= 0 { insert(k, v) }
    }
}
