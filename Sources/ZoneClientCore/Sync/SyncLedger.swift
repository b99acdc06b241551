/// The keys syncs have written into the cache (`.zonectl-sync-files`, one a line): the only files
/// a sync removes. A key is listed, and the list flushed, before its object is written, so after
/// a kill the list still holds every file a sync wrote; a file of anyone else is never removed.
struct SyncLedger {
    static let name = ".zonectl-sync-files"

    let directory: CacheDirectory
    private(set) var keys: Set<String>

    /// The list in `directory`, plus `written` (the objects of the cached manifest).
    init(_ directory: CacheDirectory, written: [String]) {
        self.directory = directory
        let bytes: [UInt8]? = (try? directory.read(Self.name)) ?? nil
        let listed = bytes.map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) }
        keys = Set(listed ?? []).union(written)
    }

    /// Lists `key` (flushed to disk) before its object is written.
    mutating func add(_ key: String) throws(ZoneClientError) {
        guard keys.insert(key).inserted else { return }
        try save()
    }

    /// After a prune: the keys left.
    mutating func replace(with keys: Set<String>) throws(ZoneClientError) {
        self.keys = keys
        try save()
    }

    private func save() throws(ZoneClientError) {
        try directory.store(Self.name, Array(keys.sorted().map { $0 + "\n" }.joined().utf8))
    }
}
