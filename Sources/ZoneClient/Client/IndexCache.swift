/// The lookup indexes a client keeps: least recently used first out once their bytes pass the
/// budget. The most recent index is always kept, whatever its size.
struct IndexCache {
    let budget: Int
    private var entries: [(city: String, version: String, index: ZoneIndex)] = []
    private(set) var bytes = 0

    init(budget: Int) { self.budget = budget }

    /// The index of `city` built from `version`, marked most recently used.
    mutating func index(_ city: String, version: String) -> ZoneIndex? {
        guard let i = entries.firstIndex(where: { $0.city == city && $0.version == version }) else { return nil }
        let entry = entries.remove(at: i)
        entries.append(entry)
        return entry.index
    }

    /// Keeps `index`, then drops the least recently used ones past the budget.
    mutating func insert(_ index: ZoneIndex, city: String, version: String) {
        if let i = entries.firstIndex(where: { $0.city == city }) {
            bytes -= entries[i].index.memoryBytes
            entries.remove(at: i)
        }
        entries.append((city, version, index))
        bytes += index.memoryBytes
        while bytes > budget, entries.count > 1 {
            bytes -= entries.removeFirst().index.memoryBytes
        }
    }

    /// The cities held, least recently used first.
    var cities: [String] { entries.map(\.city) }

    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }
}
