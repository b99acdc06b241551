#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The point files fetched on first use that a cache holds on disk, and their last use: past
/// the budget, the least recently used are removed (a later query fetches them again). At
/// start the files' modification times give the order.
struct ClusterDiskBudget {
    let budget: Int
    private var files: [String: (bytes: Int, used: Int)] = [:]
    private var clock = 0
    private(set) var bytes = 0

    /// The files of `keys` that `directory` holds.
    init(budget: Int, keys: [String], in directory: CacheDirectory) {
        self.budget = budget
        var found: [(key: String, bytes: Int, time: Double)] = []
        for key in keys {
            var info = stat()
            guard stat(directory.path(key), &info) == 0 else { continue }
            #if canImport(Darwin)
                let time = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) * 1e-9
            #else
                let time = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) * 1e-9
            #endif
            found.append((key, Int(info.st_size), time))
        }
        for file in found.sorted(by: { ($0.time, $0.key) < ($1.time, $1.key) }) {
            clock += 1
            files[file.key] = (file.bytes, clock)
            bytes += file.bytes
        }
    }

    mutating func use(_ key: String) {
        guard files[key] != nil else { return }
        clock += 1
        files[key]!.used = clock
    }

    /// Records a file just written and returns the keys to remove to fit the budget, oldest
    /// first, never one of `keeping` (the files of the query at hand).
    mutating func add(_ key: String, bytes size: Int, keeping: Set<String>) -> [String] {
        clock += 1
        if let old = files.updateValue((size, clock), forKey: key) { bytes -= old.bytes }
        bytes += size
        guard bytes > budget else { return [] }
        var evict: [String] = []
        for (key, entry) in files.sorted(by: { $0.value.used < $1.value.used }) where bytes > budget {
            guard !keeping.contains(key) else { continue }
            files[key] = nil
            bytes -= entry.bytes
            evict.append(key)
        }
        return evict
    }

    /// The files counted, least recently used first.
    var keys: [String] { files.sorted { $0.value.used < $1.value.used }.map(\.key) }
}
