import ZoneSupport

extension PointSet {
    /// The ids that more than one point has, sorted; points without an id ("") are not counted.
    ///
    /// The ids' hashes (``hash(_:)``) are radix sorted and compared neighbour to neighbour: one
    /// array of 8 bytes a point, no set of strings. Only ids whose hash repeats are compared as
    /// strings, so a set without duplicates is looked at once.
    package func duplicateIDs() -> [String] {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(count)
        for id in ids where !id.isEmpty { hashes.append(Self.hash(id)) }
        hashes.radixSort()
        var repeated: Set<UInt64> = []
        for i in hashes.indices.dropFirst() where hashes[i] == hashes[i - 1] { repeated.insert(hashes[i]) }
        guard !repeated.isEmpty else { return [] }
        var seen: [String: Int] = [:]
        for id in ids where !id.isEmpty && repeated.contains(Self.hash(id)) { seen[id, default: 0] += 1 }
        return seen.filter { $0.value > 1 }.keys.sorted()
    }
}
