public import Foundation

/// What an app holds: one published store, kept in a local cache, read for the map and for
/// lookups. An actor, so its calls may come from any task; the work (sync, reading and
/// indexing a city) runs off the caller's thread.
///
/// ```swift
/// let client = ZoneClient(store: URL(string: "https://cdn.example.com/zones")!, cache: cacheURL)
/// let report = try await client.sync()
/// let layers = try await client.zoneLayers(city: "paris")
/// let answer = try await client.lookup(longitude: 2.35, latitude: 48.85)
/// ```
public actor ZoneClient {
    /// The store: an `http(s)://` base URL or a `file://` directory.
    public nonisolated let store: URL
    /// The cache directory (a `file://` URL), which only this client's syncs write.
    public nonisolated let cache: URL
    /// How the store is read.
    public nonisolated let transport: any ZoneTransport
    /// The client's settings.
    public nonisolated let configuration: Configuration

    var indexes: IndexCache
    private var running: Task<SyncReport, any Error>?
    private var held: ZoneManifest?
    private var heldClusterReader: ZoneClusterReader?

    /// A client of `store`, caching it in `cache`. The transport is URLSession for an
    /// `http(s)://` store and the directory itself for a `file://` one, unless one is given.
    public init(
        store: URL, cache: URL, transport: (any ZoneTransport)? = nil, configuration: Configuration = .init()
    ) {
        self.store = store
        self.cache = cache
        self.transport =
            transport ?? (store.isFileURL ? DirectoryStore(root: store.path) : URLSessionTransport(base: store))
        self.configuration = configuration
        self.indexes = IndexCache(budget: configuration.indexBudgetBytes)
    }

    /// Brings the cache to the store's current version (see ``ZoneSync``). Calls made while a
    /// sync runs wait for it and share its report. Cancelling the calling task cancels the sync
    /// and leaves the cache at the version it had.
    public func sync(progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws(ZoneClientError) -> SyncReport {
        let task: Task<SyncReport, any Error>
        if let running {
            task = running
        } else {
            let sync = ZoneSync(
                transport: transport, cache: cache, encodings: configuration.encodings, verify: configuration.verify,
                concurrency: configuration.concurrentFetches, points: configuration.points)
            task = Task { try await sync.run(progress: progress) }
            running = task
        }
        defer { if running == task { running = nil } }
        let report: SyncReport
        do {
            report = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch let error as ZoneClientError {
            throw error
        } catch {
            throw .cancelled
        }
        if report.updated || !report.fetched.isEmpty {
            indexes.removeAll()
            held = nil
            heldClusterReader = nil
        }
        return report
    }

    /// The cached manifest; ``ZoneClientError/missing(key:)`` before the first sync. Read once
    /// and kept until a sync changes the cache.
    public func manifest() throws(ZoneClientError) -> ZoneManifest {
        if let held { return held }
        let manifest = try cacheStore.manifest()
        held = manifest
        return manifest
    }

    /// The lookup index of `city`, built on first use from the cached artifact and kept while
    /// the indexes of the most recently used cities fit ``Configuration/indexBudgetBytes``. An
    /// index is immutable and `Sendable`: an app doing many lookups keeps it and calls
    /// ``ZoneIndex/style(longitude:latitude:)`` directly.
    public func index(city: String) throws(ZoneClientError) -> ZoneIndex {
        let manifest = try manifest()
        guard let entry = manifest.city(city) else { throw .unknownCity(city) }
        if let index = indexes.index(city, version: manifest.version) { return index }
        let content = try cacheStore.content(of: entry.artifact)
        let index = try ZoneIndex(artifact: content, key: entry.artifact.key, priority: manifest.priority ?? [])
        indexes.insert(index, city: city, version: manifest.version)
        return index
    }

    /// The zone at (`longitude`, `latitude`) in `city`, or, with no city, in the first city
    /// (manifest order) whose box holds the position and whose zones cover it.
    public func lookup(longitude: Double, latitude: Double, city: String? = nil) throws(ZoneClientError)
        -> ZoneLookup.Answer
    {
        try ZoneLookup.answer(longitude: longitude, latitude: latitude, city: city, in: manifest()) {
            (id) throws(ZoneClientError) in try index(city: id)
        }
    }

    /// The viewport reader of the cached version's point layers (made on first use, replaced
    /// when a sync changes the version).
    public func clusterReader() throws(ZoneClientError) -> ZoneClusterReader {
        if let heldClusterReader { return heldClusterReader }
        let reader = ZoneClusterReader(
            manifest: try manifest(), cache: cache, transport: transport,
            memoryBudgetBytes: configuration.pointMemoryBudgetBytes,
            // A cache that syncs every point file keeps them all.
            diskBudgetBytes: configuration.points == .all ? .max : configuration.pointDiskBudgetBytes)
        heldClusterReader = reader
        return reader
    }

    /// The bytes the indexes kept in memory hold.
    public var indexBytes: Int { indexes.bytes }

    /// The cities whose indexes are kept in memory, least recently used first.
    public var indexedCities: [String] { indexes.cities }

    /// The cache read as a store.
    var cacheStore: DirectoryStore { DirectoryStore(root: cache.path) }
}
