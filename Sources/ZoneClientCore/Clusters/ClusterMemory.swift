/// Parsed point files kept in memory, least recently used first out past a budget of content bytes.
struct ClusterMemory {
    let budget: Int
    private var files: [String: (file: ClusterFile, used: Int)] = [:]
    private var clock = 0
    private(set) var bytes = 0

    init(budget: Int) { self.budget = budget }

    mutating func file(_ key: String) -> ClusterFile? {
        guard let entry = files[key] else { return nil }
        clock += 1
        files[key]!.used = clock
        return entry.file
    }

    mutating func insert(_ file: ClusterFile, key: String) {
        clock += 1
        if let old = files.updateValue((file, clock), forKey: key) { bytes -= old.file.bytes }
        bytes += file.bytes
        guard bytes > budget else { return }
        for (key, entry) in files.sorted(by: { $0.value.used < $1.value.used }) where bytes > budget {
            if entry.used == clock { break }
            files[key] = nil
            bytes -= entry.file.bytes
        }
    }

    var keys: [String] { files.keys.sorted() }
}
