#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a local cache of a published store up to date: the reference client's sync.
///
/// The cache mirrors the store (`manifest.json` plus each object at its key), so it is itself a
/// complete store: it holds every object the manifest names (``ZoneManifest/objects``: the style
/// table, the cities' artifacts and the point layers' band files, metatiles and any other object
/// a point layer entry lists with `key` and `sha256`). Of each artifact it holds one object, of the first of ``encodings`` the manifest lists
/// (brotli before gzip by default), and its `manifest.json` names exactly those: the source's
/// manifest with the held object as each entry's own and no `brotli` members (unchanged bytes
/// when the source lists gzip only). One ``run()``:
/// 1. polls `manifest.json` with `If-None-Match` and the ETag of the cached manifest (kept in
///    `.zonectl-sync`); a 304 ends the run with nothing fetched. When a file the cached manifest
///    names is missing or of another size than recorded (a stat each; with ``verify``, its
///    SHA-256 is checked too), the poll is unconditional, so the run fetches those again
///    (``SyncReport/repaired``);
/// 2. fetches the objects of the new manifest that the cache does not hold with the right
///    content (keys are content-hashed, so an unchanged artifact is not fetched again), checks
///    each (stored size and SHA-256 when listed, gzip or brotli, size, SHA-256) and writes it under a temporary name, flushed and
///    renamed to its key — the old manifest does not name it, so nothing visible changes;
/// 3. writes the cache's new `manifest.json` the same way, last: this rename is the switch;
/// 4. only then removes the files the new manifest does not name.
///
/// A failure (network, HTTP status, a hash mismatch) before step 3 leaves the cache as it was
/// (the objects this run wrote are removed again); a process killed at any moment leaves it at the old version or the new one, complete.
public struct ZoneSync: Sendable {
    /// Where the store is read from.
    public let source: any ZoneSource
    /// The cache directory (created when missing).
    public let cache: String
    /// The encodings the client reads, preferred first: of each artifact the cache holds (and
    /// fetches) only the object of the first one the manifest lists, gzip when none.
    public let encodings: [ZoneEncoding]
    /// Whether a run re-hashes every cached object (else a stat compares each one's size).
    public let verify: Bool

    /// The hidden file that keeps the cached manifest's ETag.
    public static let stateName = ".zonectl-sync"
    /// The hidden file a sync holds an exclusive lock on.
    public static let lockName = ".zonectl-sync.lock"

    /// A sync of `source` into `cache`, fetching brotli objects where the manifest lists them
    /// unless `encodings` says otherwise (`[.gzip]`: gzip only); `verify` re-hashes the cache.
    public init(
        source: any ZoneSource, cache: String, encodings: [ZoneEncoding] = ZoneEncoding.preferred,
        verify: Bool = false
    ) {
        self.source = source
        self.cache = cache.hasPrefix("file://") ? String(cache.dropFirst("file://".count)) : cache
        self.encodings = encodings
        self.verify = verify
    }

    /// Brings the cache to the source's current version; throws, with the cache at its last
    /// good version, when that cannot be done.
    public func run() throws(ZoneClientError) -> SyncReport {
        let directory = CacheDirectory(root: cache)
        let lock = try directory.lock(Self.lockName)
        defer { close(lock) }
        let cachedBytes = try directory.read("manifest.json")
        let cached = cachedBytes.flatMap { try? ZoneManifest.decode($0) }
        // A 304 is only trusted for a cache that holds every object its manifest names at its
        // recorded size (and, with `verify`, its recorded SHA-256); else what is damaged is fetched again.
        let complete = cached?.objects.allSatisfy { directory.damage(of: $0, hashing: verify) == nil } ?? false
        let state = complete ? cachedBytes.flatMap { SyncState.read(directory, manifest: $0) } : nil
        var report = SyncReport(from: cached?.version, to: cached?.version)
        var ledger = SyncLedger(directory, written: cached?.objects.map(\.key) ?? [])

        guard case .manifest(let bytes, let etag) = try source.pollManifest(ifNoneMatch: state?.etag) else {
            // Current; a run killed after its switch may have left files to remove.
            if let cached { report.removed = try prune(directory, keeping: cached, ledger: &ledger) }
            return report
        }
        // What the cache will hold: of each artifact, the object of the preferred encoding.
        let (nextBytes, next) = try ZoneManifest.decode(bytes).cacheManifest(bytes, preferring: encodings)
        report.to = next.version
        let oldKeys = Dictionary(
            cached.map(\.objects).map { $0.map { ($0.key, $0) } } ?? [], uniquingKeysWith: { a, _ in a })
        for artifact in next.objects { try checkKey(artifact.key) }
        do {
            try fetchMissing(of: next, into: directory, oldKeys: oldKeys, ledger: &ledger, report: &report)
        } catch {
            // Leave the cache as it was: remove what this run added (the cached manifest names none of it).
            for key in report.fetched where oldKeys[key] == nil { _ = try? directory.remove(key) }
            throw error
        }
        report.bytesFetched += bytes.count
        if nextBytes != cachedBytes { try directory.store("manifest.json", nextBytes) }
        SyncState(etag: etag, manifestSHA256: sha256Hex(nextBytes)).write(directory)

        report.removed = try prune(directory, keeping: next, ledger: &ledger)
        return report
    }

    /// Fetches, checks and writes (atomically, at its key) each object of `next` the cache does
    /// not hold with the right content; appends each to `report`.
    private func fetchMissing(
        of next: ZoneManifest, into directory: CacheDirectory, oldKeys: [String: ZoneArtifact],
        ledger: inout SyncLedger, report: inout SyncReport
    ) throws(ZoneClientError) {
        for artifact in next.objects {
            let held = try directory.read(artifact.key)
            guard let damage = CacheDirectory.damage(of: artifact, held: held) else { continue }
            if let old = oldKeys[artifact.key], old.sha256 != artifact.sha256 {
                throw .corrupt(key: artifact.key, reason: "the key names other content than in the cached version")
            }
            guard let stored = try source.object(artifact.key) else { throw .missing(key: artifact.key) }
            _ = try artifact.unpack(stored)
            try ledger.add(artifact.key)
            try directory.store(artifact.key, stored)
            report.fetched.append(artifact.key)
            report.bytesFetched += stored.count
            if oldKeys[artifact.key] != nil { report.repaired.append(SyncRepair(key: artifact.key, damage: damage)) }
        }
    }

    /// Removes the files syncs wrote (the ledger's) that `manifest`, the cached one, does not
    /// name, and partial files of killed runs; returns the objects removed.
    private func prune(_ directory: CacheDirectory, keeping manifest: ZoneManifest, ledger: inout SyncLedger)
        throws(ZoneClientError) -> [String]
    {
        let named = Set(manifest.objects.map(\.key))
        var removed: [String] = []
        for key in ledger.keys.sorted() {
            if !named.contains(key), try directory.remove(key) { removed.append(key) }
            try directory.remove(key + CacheDirectory.temporarySuffix)
        }
        try directory.remove("manifest.json" + CacheDirectory.temporarySuffix)
        try ledger.replace(with: named)
        return removed
    }

    private func checkKey(_ key: String) throws(ZoneClientError) {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false)
        guard !key.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
            !key.hasPrefix("."), key != "manifest.json", !key.hasSuffix(CacheDirectory.temporarySuffix)
        else { throw .badManifest("object key \(key) cannot be a file of the cache") }
    }
}

/// What one ``ZoneSync/run()`` did.
public struct SyncReport: Sendable, Equatable, Codable {
    /// The cached version before the run (nil: an empty cache).
    public var from: String?
    /// The cached version after it.
    public var to: String?
    /// The keys fetched and written, in manifest order.
    public var fetched: [String] = []
    /// The keys removed because the new manifest does not name them.
    public var removed: [String] = []
    /// The objects of the cached version fetched again (missing or damaged in the cache), in
    /// manifest order; each is in ``fetched`` too.
    public var repaired: [SyncRepair] = []
    /// Bytes transferred: the objects and the manifest (0 after a 304).
    public var bytesFetched = 0

    /// True when the cache changed version.
    public var updated: Bool { from != to }

    /// A report.
    public init(
        from: String?, to: String?, fetched: [String] = [], removed: [String] = [], repaired: [SyncRepair] = [],
        bytesFetched: Int = 0
    ) {
        self.from = from
        self.to = to
        self.fetched = fetched
        self.removed = removed
        self.repaired = repaired
        self.bytesFetched = bytesFetched
    }
}
