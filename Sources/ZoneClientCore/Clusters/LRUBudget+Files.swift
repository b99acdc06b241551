#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LRUBudget where Key == String {
    /// The files of `keys` that `directory` holds, counted by size, least recently used first
    /// by their modification times: the point files fetched on first use, at a reader's start.
    init(budget: Int, files keys: some Sequence<String>, in directory: CacheDirectory) {
        self.init(budget: budget)
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
            insert(file.key, bytes: file.bytes)
        }
    }
}
