/// A hash table from grid points to Int32 (open addressing, linear probing, a multiplicative
/// hash): the overlay's hot loops look up millions of points, where the standard library's
/// seeded SipHash dominated the profile.
struct GridPointTable {
    private var keys: [GridPoint]
    private var values: [Int32]
    private var used: [Bool]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [GridPoint](repeating: GridPoint(x: 0, y: 0), count: size)
        values = [Int32](repeating: 0, count: size)
        used = [Bool](repeating: false, count: size)
        mask = size - 1
    }

    @inline(__always) private func slot(_ p: GridPoint) -> Int {
        var h = UInt64(bitPattern: p.x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: p.y) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    subscript(_ p: GridPoint) -> Int32? {
        var i = slot(p)
        while used[i] {
            if keys[i] == p { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Stores `value` for `p` unless `p` is present; returns the stored value and whether it was new.
    @discardableResult
    mutating func insert(_ p: GridPoint, _ value: Int32) -> (value: Int32, inserted: Bool) {
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(p)
        while used[i] {
            if keys[i] == p { return (values[i], false) }
            i = (i + 1) & mask
        }
        used[i] = true
        keys[i] = p
        values[i] = value
        count += 1
        return (value, true)
    }

    private mutating func grow() {
        let old = zip(keys, values).enumerated().filter { used[$0.offset] }.map(\.element)
        self = GridPointTable(capacity: keys.count)
        for (k, v) in old { insert(k, v) }
    }
}

/// A hash table from pairs of grid points (segments) to Int32, like ``GridPointTable``.
struct GridPointPairTable {
    private var keys: [(GridPoint, GridPoint)]
    private var values: [Int32]
    private var used: [Bool]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        let zero = GridPoint(x: 0, y: 0)
        keys = [(GridPoint, GridPoint)](repeating: (zero, zero), count: size)
        values = [Int32](repeating: 0, count: size)
        used = [Bool](repeating: false, count: size)
        mask = size - 1
    }

    @inline(__always) private func slot(_ a: GridPoint, _ b: GridPoint) -> Int {
        var h = UInt64(bitPattern: a.x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: a.y) &* 0xC2B2_AE3D_27D4_EB4F
        h = (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9
        h ^= UInt64(bitPattern: b.x) &* 0x94D0_49BB_1331_11EB ^ UInt64(bitPattern: b.y) &* 0xD6E8_FEB8_6659_FD93
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    /// Stores `value` for (a, b) unless present; returns the stored value and whether it was new.
    mutating func insert(_ a: GridPoint, _ b: GridPoint, _ value: Int32) -> (value: Int32, inserted: Bool) {
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(a, b)
        while used[i] {
            if keys[i].0 == a && keys[i].1 == b { return (values[i], false) }
            i = (i + 1) & mask
        }
        used[i] = true
        keys[i] = (a, b)
        values[i] = value
        count += 1
        return (value, true)
    }

    private mutating func grow() {
        let old = keys.indices.filter { used[$0] }.map { (keys[$0], values[$0]) }
        self = GridPointPairTable(capacity: keys.count)
        for (k, v) in old { insert(k.0, k.1, v) }
    }
}
