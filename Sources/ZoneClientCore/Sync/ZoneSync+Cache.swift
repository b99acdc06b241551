#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ZoneSync {
    /// True when `root` (a path or `file://` URL) is a cache a sync wrote: it keeps the list of
    /// the files syncs wrote.
    public static func isCache(_ root: String) -> Bool {
        access(CacheDirectory(root: DirectoryStore(root: root).root).path(SyncLedger.name), F_OK) == 0
    }
}
