public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a local cache of a published store up to date: the client's sync.
///
/// The cache is itself a store, of decoded files: it holds every object the manifest
/// names (``ZoneManifest/objects``: the style table, the cities' artifacts and the point
/// layers' objects), each as its uncompressed content at the published key without `.gz`/`.br`
/// (``ZoneEncoding/identity``), and its `manifest.json` names exactly those files. Of each
/// artifact the sync downloads the object of the first of ``encodings`` the manifest lists
/// (brotli before gzip by default), or takes its content when the transport decoded it. One
/// ``run(progress:)``:
/// 1. polls `manifest.json` with `If-None-Match` and the ETag of the cached manifest (kept in
///    `.zonectl-sync`); a 304 ends the run with nothing fetched. When a file the cached manifest
///    names is missing or of another size than recorded (a stat each; with ``verify``, its
///    SHA-256 is checked too), the poll is unconditional, so the run fetches those again
///    (``SyncReport/repaired``);
/// 2. fetches, ``concurrency`` at a time, the objects of the new manifest whose content the
///    cache does not hold — with ``points`` ``ZonePointSync/onDemand``, all but the metatiles
///    and point indexes, which a viewport query fetches when it needs them (keys are content-hashed, so an unchanged artifact is not fetched
///    again), checks each (stored size and SHA-256 when listed, gzip or brotli, size, SHA-256 of
///    the content) and writes its content under a temporary name, flushed and renamed — the old
///    manifest does not name it, so nothing visible changes;
/// 3. writes the cache's new `manifest.json` the same way, last: this rename is the switch;
/// 4. only then removes the files the new manifest does not name.
///
/// A failure (offline, an HTTP status, a hash mismatch, a full disk) or the cancellation of the
/// task before step 3 leaves the cache as it was (the files this run wrote are removed again); a
/// process killed at any moment leaves it at the old version or the new one, complete.
public struct ZoneSync: Sendable {
    /// Where the store is read from.
    public let transport: any ZoneTransport
    /// The cache directory (created when missing).
    public let cache: URL
    /// The encodings downloaded, preferred first: of each artifact the object of the first one
    /// the manifest lists, gzip when none.
    public let encodings: [ZoneEncoding]
    /// Whether a run re-hashes every cached file (else a stat compares each one's size).
    public let verify: Bool
    /// How many objects are fetched at once.
    public let concurrency: Int
    /// Whether a non-empty directory that is not a cache may become one (else
    /// ``ZoneClientError/notACache(path:)``).
    public let adopt: Bool
    /// Which point files a run fetches: ``ZonePointSync/onDemand`` (band files only; metatiles
    /// and point indexes on first use, see ``ClusterReader``) or ``ZonePointSync/all``.
    public let points: ZonePointSync

    /// The hidden file that keeps the cached manifest's ETag.
    public static let stateName = ".zonectl-sync"
    /// The hidden file a sync holds an exclusive lock on.
    public static let lockName = ".zonectl-sync.lock"

    /// A sync through `transport` into the directory `cache` (a file URL).
    public init(
        transport: any ZoneTransport, cache: URL, encodings: [ZoneEncoding] = ZoneEncoding.preferred,
        verify: Bool = false, concurrency: Int = 6, adopt: Bool = false, points: ZonePointSync = .onDemand
    ) {
        self.points = points
        self.transport = transport
        self.cache = cache
        self.encodings = encodings
        self.verify = verify
        self.concurrency = max(1, concurrency)
        self.adopt = adopt
    }

    /// Brings the cache to the store's current version, calling `progress` as objects arrive;
    /// throws, with the cache at its last good version, when that cannot be done.
    public func run(progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws(ZoneClientError) -> SyncReport {
        let directory = CacheDirectory(root: cache.path)
        if !adopt { try directory.checkIsCache() }
        let lock = try directory.lock(Self.lockName)
        defer { close(lock) }
        let cachedBytes = try directory.read("manifest.json")
        let cached = cachedBytes.flatMap { try? ZoneManifest.decode($0) }
        // A 304 is only trusted for a cache of decoded files that holds every one its manifest
        // names at its recorded size (and, with `verify`, its SHA-256); else what is damaged is
        // fetched again, and a cache of an older format is converted.
        let complete =
            cached.map(required)?.allSatisfy {
                $0.contentEncoding == .identity && directory.damage(of: $0, hashing: verify) == nil
            } ?? false
        let state = complete ? cachedBytes.flatMap { SyncState.read(directory, manifest: $0) } : nil
        var report = SyncReport(from: cached?.version, to: cached?.version)
        var ledger = SyncLedger(directory, written: cached?.objects.map(\.key) ?? [])

        guard let (bytes, etag) = try await transport.pollManifest(ifNoneMatch: state?.etag) else {
            // Current; a run killed after its switch may have left files to remove.
            if let cached { report.removed = try prune(directory, keeping: cached, ledger: &ledger) }
            progress?(SyncProgress(objectsDone: 0, objectsTotal: 0, bytesDone: 0, bytesTotal: 0))
            return report
        }
        let (nextBytes, next, fetch) = try ZoneManifest.decode(bytes).cacheManifest(bytes, preferring: encodings)
        report.to = next.version
        let oldKeys = Dictionary(
            cached.map(\.objects).map { $0.map { ($0.key, $0) } } ?? [], uniquingKeysWith: { a, _ in a })
        for artifact in next.objects { try checkKey(artifact.key) }
        do {
            let lazy = points == .all ? [] : Set(next.lazyObjects.map(\.key))
            let plan = try SyncPlan(
                next: next, fetch: fetch, directory: directory, oldKeys: oldKeys, verify: verify, skipping: lazy)
            try await plan.run(
                transport, concurrency: concurrency, into: directory, ledger: &ledger, report: &report,
                progress: progress)
            if Task.isCancelled { throw ZoneClientError.cancelled }
        } catch {
            // Leave the cache as it was: remove what this run added (the cached manifest names none of it).
            for key in report.fetched where oldKeys[key] == nil { _ = try? directory.remove(key) }
            throw error as? ZoneClientError ?? .cancelled
        }
        report.bytesFetched += bytes.count
        if nextBytes != cachedBytes { try directory.store("manifest.json", nextBytes) }
        SyncState(etag: etag, manifestSHA256: sha256Hex(nextBytes)).write(directory)

        report.removed = try prune(directory, keeping: next, ledger: &ledger)
        return report
    }

    /// The objects of `manifest` a run must hold: all, or all but the lazy point files.
    private func required(_ manifest: ZoneManifest) -> [ZoneArtifact] {
        guard points == .onDemand else { return manifest.objects }
        let lazy = Set(manifest.lazyObjects.map(\.key))
        return manifest.objects.filter { !lazy.contains($0.key) }
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

/// Which point files a sync fetches.
public enum ZonePointSync: String, Sendable, CaseIterable {
    /// The band files (zooms 0 to 12); metatiles and point indexes are fetched on first use.
    case onDemand = "bands"
    /// Every point file, as a mirror needs.
    case all
}

extension ZoneManifest {
    /// The point files a client fetches on first use: every city's metatiles and point index.
    public var lazyObjects: [ZoneArtifact] { (points ?? []).flatMap { $0.cities.flatMap(\.lazyObjects) } }
}
