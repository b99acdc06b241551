/// A key of ``IntegerTable``: fixed-size integers with a cheap multiplicative hash.
public protocol IntegerTableKey: Equatable {
    var tableHash: UInt64 { get }
}

extension GridPoint: IntegerTableKey {
    @inlinable package var tableHash: UInt64 {
        UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: y) &* 0xC2B2_AE3D_27D4_EB4F
    }
}

/// A properties object's storage address (``JSONObject/storageIdentity``): the scan's
/// grouping and rules look one up for every feature.
extension UInt: IntegerTableKey {
    @inlinable public var tableHash: UInt64 { UInt64(self) &* 0x9E37_79B9_7F4A_7C15 }
}

/// A segment as a table key: its two end points.
struct GridSegment: IntegerTableKey {
    package var from: GridPoint
    package var to: GridPoint
    package var tableHash: UInt64 {
        let h = from.tableHash
        return (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(bitPattern: to.x) &* 0x94D0_49BB_1331_11EB
            ^ UInt64(bitPattern: to.y) &* 0xD6E8_FEB8_6659_FD93
    }
}

/// The distinct keys (grid points, segments, storage addresses) inserted, numbered in order of
/// first insertion: open addressing, linear probing, a multiplicative hash. The overlay's hot loops look up
/// millions of points, where the standard library's seeded SipHash dominated the profile.
///
/// The keys are kept once, in ``keys``; a slot holds 32 bits of the key's hash and its number,
/// 8 bytes, so at most half full the table costs 16–32 bytes per key beside the key itself
/// (slots holding whole keys cost 48–160: the largest array of a build on a huge ring). The
/// hash bits settle most mismatches without reading the key, and give a key's slot when the
/// table grows.
public struct IntegerTable<Key: IntegerTableKey> {
    // Public (its API is `package`) and inlinable throughout: the scan's rules and grouping in
    // ZonePipeline look one up per feature, and this toolchain neither inlines nor specialises
    // across modules an `@inlinable` member of a `package` type; each call went through the
    // unspecialised generic code.

    /// Each distinct key, at its number.
    @inlinable package var keys: [Key] { storedKeys }
    @usableFromInline var storedKeys: [Key] = []
    /// 0: empty; else hash bits << 32 | (number + 1).
    @usableFromInline var slots: [UInt64]
    @usableFromInline var mask: Int

    @inlinable package var count: Int { storedKeys.count }

    @inlinable package init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        storedKeys.reserveCapacity(capacity)
    }

    /// The table's 32 hash bits of `k`; its slot is these bits masked (tables stay below 2^32
    /// slots). A key's ``IntegerTableKey/tableHash`` must vary in its low bits.
    @inlinable @inline(__always) static func bits(_ k: Key) -> UInt64 {
        var h = k.tableHash
        h ^= h >> 29
        return h & 0xFFFF_FFFF
    }

    /// The number of `k`, nil when it was never inserted.
    @inlinable package subscript(_ k: Key) -> Int32? {
        let b = Self.bits(k)
        var i = Int(b) & mask
        while slots[i] != 0 {
            if slots[i] >> 32 == b, storedKeys[Int(slots[i] & 0xFFFF_FFFF) - 1] == k {
                return Int32(slots[i] & 0xFFFF_FFFF) - 1
            }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Inserts `k` unless present; returns its number and whether it was new.
    @inlinable @discardableResult
    package mutating func insert(_ k: Key) -> (value: Int32, inserted: Bool) {
        if (storedKeys.count + 1) * 2 > slots.count { grow() }
        let b = Self.bits(k)
        var i = Int(b) & mask
        while slots[i] != 0 {
            if slots[i] >> 32 == b, storedKeys[Int(slots[i] & 0xFFFF_FFFF) - 1] == k {
                return (Int32(slots[i] & 0xFFFF_FFFF) - 1, false)
            }
            i = (i + 1) & mask
        }
        slots[i] = b << 32 | UInt64(storedKeys.count + 1)
        storedKeys.append(k)
        return (Int32(storedKeys.count - 1), true)
    }

    /// The keys, the table emptied (so the caller owns the only copy).
    mutating func takeKeys() -> [Key] {
        slots = []
        mask = -1
        defer { storedKeys = [] }
        return storedKeys
    }

    /// Twice the slots, each entry moved to the slot its hash bits give.
    @usableFromInline mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for e in old where e != 0 {
            var i = Int(e >> 32) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = e
        }
    }
}

extension IntegerTable: Sendable where Key: Sendable {}
