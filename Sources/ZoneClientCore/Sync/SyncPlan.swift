/// The objects one sync fetches — those of the new manifest whose content the cache does not
/// hold — and the fetching: ``ZoneSync/concurrency`` requests at a time, each body checked on
/// its task, each content written by the sync as it arrives.
struct SyncPlan {
    /// One object to fetch: the cache manifest's entry, the published object to download, and
    /// what is wrong with the cached file (``CacheDamage/missing`` for a new one).
    struct Item: Sendable {
        var artifact: ZoneArtifact
        var object: ZoneObject
        var damage: CacheDamage
        /// The artifact as published, which checks the body.
        var published: ZoneArtifact
    }

    var items: [Item] = []
    let oldKeys: [String: ZoneArtifact]

    /// The objects of `next` (the cache's manifest; `fetch` gives each one's published object)
    /// that `directory` lacks or holds damaged. Keys are content-hashed, so a file the cached
    /// version holds at its size is taken as is (a stat); a file of no cached version — a
    /// leftover of a killed run — and, with `verify`, every file is read and hashed.
    init(
        next: ZoneManifest, fetch: [ZoneObject], directory: CacheDirectory, oldKeys: [String: ZoneArtifact],
        verify: Bool, skipping lazy: Set<String> = []
    ) throws(ZoneClientError) {
        self.oldKeys = oldKeys
        for (artifact, object) in zip(next.objects, fetch) where !lazy.contains(artifact.key) {
            let known = oldKeys[artifact.key].map { $0.sha256 == artifact.sha256 } ?? false
            guard let damage = directory.damage(of: artifact, hashing: verify || !known) else { continue }
            if let old = oldKeys[artifact.key], old.sha256 != artifact.sha256 {
                throw .corrupt(key: artifact.key, reason: "the key names other content than in the cached version")
            }
            let published = ZoneArtifact(
                key: object.key, sha256: artifact.sha256, bytes: artifact.bytes, encodedBytes: object.encodedBytes,
                contentEncoding: object.encoding, encodedSha256: object.encodedSha256)
            items.append(Item(artifact: artifact, object: object, damage: damage, published: published))
        }
    }

    /// Fetches every item through `transport`, writes each content at its key (listed in
    /// `ledger` first), and records it in `report` in manifest order.
    func run(
        _ transport: any ZoneTransport, concurrency: Int, into directory: CacheDirectory, ledger: inout SyncLedger,
        report: inout SyncReport, progress: (@Sendable (SyncProgress) -> Void)?
    ) async throws(ZoneClientError) {
        var done = SyncProgress(
            objectsDone: 0, objectsTotal: items.count, bytesDone: 0,
            bytesTotal: items.reduce(0) { $0 + $1.object.encodedBytes })
        progress?(done)
        guard !items.isEmpty else { return }
        var arrived = [Bool](repeating: false, count: items.count)
        let items = items
        do {
            try await forEachConcurrently(items.count, limit: concurrency) { i in
                try await transport.content(of: items[i].published, from: items[i].object)
            } arrived: { i, content in
                let key = items[i].artifact.key
                try ledger.add(key)
                try directory.store(key, content)
                arrived[i] = true
                report.fetched.append(key)
                report.bytesFetched += items[i].object.encodedBytes
                done.objectsDone += 1
                done.bytesDone += items[i].object.encodedBytes
                progress?(done)
                if Task.isCancelled { throw ZoneClientError.cancelled }
            }
        } catch let error as ZoneClientError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .unreachable(key: "?", reason: "\(error)")
        }
        // Manifest order, whatever order the objects arrived in.
        let order = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.artifact.key, $0) })
        report.fetched.sort { order[$0, default: 0] < order[$1, default: 0] }
        report.repaired = items.enumerated().compactMap { i, item in
            arrived[i] && oldKeys[item.artifact.key] != nil
                ? SyncRepair(key: item.artifact.key, damage: item.damage) : nil
        }
    }
}
