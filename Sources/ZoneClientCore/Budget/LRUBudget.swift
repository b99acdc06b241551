/// Least-recently-used accounting of sized entries under a byte budget: the client's caches
/// (lookup indexes, parsed point files, point files on disk) keep their entries and ask this
/// which to drop.
package struct LRUBudget<Key: Hashable> {
    /// The bytes the entries may hold.
    package let budget: Int
    private var entries: [Key: (bytes: Int, used: Int)] = [:]
    private var clock = 0
    /// The bytes the entries hold.
    package private(set) var bytes = 0

    package init(budget: Int) { self.budget = budget }

    /// Marks `key` most recently used; false when it is not counted.
    @discardableResult
    package mutating func use(_ key: Key) -> Bool {
        guard entries[key] != nil else { return false }
        clock += 1
        entries[key]!.used = clock
        return true
    }

    /// Counts `key` (of `size` bytes, replacing its old size) as most recently used, dropping nothing.
    package mutating func insert(_ key: Key, bytes size: Int) {
        clock += 1
        if let old = entries.updateValue((size, clock), forKey: key) { bytes -= old.bytes }
        bytes += size
    }

    /// ``insert(_:bytes:)``, then the keys to drop to fit the budget, least recently used
    /// first, which are no longer counted: never `key` itself nor one of `keeping`.
    package mutating func add(_ key: Key, bytes size: Int, keeping: Set<Key> = []) -> [Key] {
        insert(key, bytes: size)
        guard bytes > budget else { return [] }
        var dropped: [Key] = []
        for (other, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) where bytes > budget {
            guard other != key, !keeping.contains(other) else { continue }
            entries[other] = nil
            bytes -= entry.bytes
            dropped.append(other)
        }
        return dropped
    }

    /// Stops counting every key.
    package mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    /// The keys counted, least recently used first.
    package var keys: [Key] { entries.sorted { $0.value.used < $1.value.used }.map(\.key) }
}
