internal import Foundation

extension ZoneSync {
    /// What a check of a cache found: its version, the files checked and what is wrong with each
    /// (empty: every file its manifest names is there with the recorded size and SHA-256).
    public struct CacheCheck: Sendable, Equatable {
        /// The cached version.
        public var version: String
        /// The files checked.
        public var checked: Int
        /// One line per damaged file: its key and what is wrong.
        public var problems: [String]
    }

    /// Reads every file the manifest of the cache at `root` names and checks it as a sync
    /// checks a fetched object (`zonectl verify` on a cache). A point file fetched on first use
    /// (``ZoneManifest/lazyObjects``) is checked when the cache holds it.
    public static func check(cache root: String) throws(ZoneClientError) -> CacheCheck {
        let store = DirectoryStore(root: root)
        let manifest = try store.manifest()
        let lazy = Set(manifest.lazyObjects.map(\.key))
        var problems: [String] = []
        for artifact in manifest.objects {
            if lazy.contains(artifact.key), !FileManager.default.fileExists(atPath: store.root + "/" + artifact.key) {
                continue
            }
            do {
                _ = try store.content(of: artifact)
            } catch {
                problems.append(error.description)
            }
        }
        return CacheCheck(version: manifest.version, checked: manifest.objects.count, problems: problems)
    }
}
