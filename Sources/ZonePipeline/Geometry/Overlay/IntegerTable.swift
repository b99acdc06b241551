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

/// A hash table from integer keys (grid points, segments) to Int32: open addressing, linear
/// probing, a multiplicative hash. The overlay's hot loops look up millions of points, where
/// the standard library's seeded SipHash dominated the profile.
struct IntegerTable<Key: IntegerTableKey> {
    private var keys: [Key]
    private var values: [Int32]
    private var used: [Bool]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [Key](repeating: .zero, count: size)
        values = [Int32](repeating: 0, count: size)
        used = [Bool](repeating: false, count: size)
        mask = size - 1
    }

    @inline(__always) private func slot(_ k: Key) -> Int {
        var h = k.tableHash
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    subscript(_ k: Key) -> Int32? {
        var i = slot(k)
        while used[i] {
            if keys[i] == k { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Stores `value` for `k` unless `k` is present; returns the stored value and whether it was new.
    @discardableResult
    mutating func insert(_ k: Key, _ value: Int32) -> (value: Int32, inserted: Bool) {
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(k)
        while used[i] {
            if keys[i] == k { return (values[i], false) }
            i = (i + 1) & mask
        }
        used[i] = true
        keys[i] = k
        values[i] = value
        count += 1
        return (value, true)
    }

    private mutating func grow() {
        let old = keys.indices.filter { used[$0] }.map { (keys[$0], values[$0]) }
        self = IntegerTable(capacity: keys.count)
        for (k, v) in old { insert(k, v) }
    }
}
