/// Parsed point files kept in memory, least recently used first out past a budget of content bytes.
struct ClusterMemory {
    private var files: [String: ClusterFile] = [:]
    private var budget: LRUBudget<String>

    init(budget: Int) { self.budget = LRUBudget(budget: budget) }

    mutating func file(_ key: String) -> ClusterFile? {
        guard let file = files[key] else { return nil }
        budget.use(key)
        return file
    }

    mutating func insert(_ file: ClusterFile, key: String) {
        files[key] = file
        for dropped in budget.add(key, bytes: file.bytes) { files[dropped] = nil }
    }

    var keys: [String] { files.keys.sorted() }
}
