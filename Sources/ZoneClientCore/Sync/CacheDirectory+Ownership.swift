internal import Foundation

extension CacheDirectory {
    /// Throws ``ZoneClientError/notACache(path:)`` when the root is a directory with visible
    /// files but without the list of files syncs wrote: a directory of someone else's, which a
    /// sync (whose prune removes what its manifest does not name) must not take over. A missing
    /// or empty directory, or one of hidden files only (`.DS_Store`), is fine.
    func checkIsCache() throws(ZoneClientError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return }
        guard !names.contains(SyncLedger.name) else { return }
        if names.contains(where: { !$0.hasPrefix(".") }) { throw .notACache(path: root) }
    }
}
