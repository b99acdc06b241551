/// The lookup indexes a client keeps: least recently used first out once their bytes pass the
/// budget. The most recent index is always kept, whatever its size.
struct IndexCache {
    private var entries: [String: (version: String, index: ZoneIndex)] = [:]
    private var budget: LRUBudget<String>

    init(budget: Int) { self.budget = LRUBudget(budget: budget) }

    /// The index of `city` built from `version`, marked most recently used.
    mutating func index(_ city: String, version: String) -> ZoneIndex? {
        guard let entry = entries[city], entry.version == version else { return nil }
        budget.use(city)
        return entry.index
    }

    /// Keeps `index`, then drops the least recently used ones past the budget.
    mutating func insert(_ index: ZoneIndex, city: String, version: String) {
        entries[city] = (version, index)
        for dropped in budget.add(city, bytes: index.memoryBytes) { entries[dropped] = nil }
    }

    /// The bytes the indexes hold.
    var bytes: Int { budget.bytes }

    /// The cities held, least recently used first.
    var cities: [String] { budget.keys }

    mutating func removeAll() {
        entries.removeAll()
        budget.removeAll()
    }
}
