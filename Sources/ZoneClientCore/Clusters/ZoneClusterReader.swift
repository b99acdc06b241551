public import Foundation

/// Answers viewport queries for a store's point layers (``clusters(layer:in:zoom:tileSize:)``):
/// the clusters and points published for that zoom, read from the band files or the metatiles
/// the box touches. Each file is taken from memory, else from the cache directory (its size and
/// SHA-256 checked), else fetched through the transport (checked like every object) and kept in
/// the cache; the files fetched on first use are removed least recently used first past
/// ``diskBudgetBytes``, and parsed files are kept in memory up to ``memoryBudgetBytes``. With no
/// transport, or offline, an answer is made of what the cache holds and lists what it lacks.
public actor ZoneClusterReader {
    /// The manifest the answers come from (a cache's, or a store's).
    public nonisolated let manifest: ZoneManifest
    /// The cache directory files are read from and written to, if any.
    public nonisolated let cache: URL?
    /// Where files the cache lacks are fetched from, if anywhere.
    public nonisolated let transport: (any ZoneTransport)?
    /// The disk budget of the point files fetched on first use.
    public nonisolated let diskBudgetBytes: Int

    private let directory: CacheDirectory?
    /// The keys of the files fetched on first use (metatiles, point indexes), which the disk budget counts.
    private let lazyKeys: Set<String>
    private var layers: [String: ClusterLayerFiles] = [:]
    private var memory: ClusterMemory
    private var disk: LRUBudget<String>?

    /// A reader of `manifest`'s point layers.
    public init(
        manifest: ZoneManifest, cache: URL?, transport: (any ZoneTransport)?, memoryBudgetBytes: Int = 32 << 20,
        diskBudgetBytes: Int = 64 << 20
    ) {
        self.manifest = manifest
        self.cache = cache
        self.transport = transport
        self.diskBudgetBytes = diskBudgetBytes
        directory = cache.map { CacheDirectory(root: $0.path) }
        lazyKeys = Set(manifest.lazyObjects.map(\.key))
        memory = ClusterMemory(budget: memoryBudgetBytes)
    }

    /// A reader of the store `transport` reads, without a cache: its current manifest, each
    /// file fetched when a query needs it.
    public static func reading(_ transport: any ZoneTransport) async throws(ZoneClientError) -> ZoneClusterReader {
        guard let bytes = try await transport.object("manifest.json") else { throw .missing(key: "manifest.json") }
        return ZoneClusterReader(manifest: try ZoneManifest.decode(bytes), cache: nil, transport: transport)
    }

    /// The clusters and single points of `layer` at `zoom` (counted in `tileSize` tiles) whose
    /// position lies in `bbox` (closed; west > east crosses 180°). Throws for an unknown layer
    /// and on cancellation; a file it cannot get is listed in ``ZoneClusters/unavailable``.
    public func clusters(layer: String, in bbox: ZoneBBox, zoom: Double, tileSize: ZoneTileSize = .px512)
        async throws(ZoneClientError) -> ZoneClusters
    {
        let files = try layerFiles(layer)
        let c = files.clustering
        let z = min(tileSize.layerZoom(zoom, extent: c.extent), c.maxZoom)
        let parts = ZoneViewport.parts(bbox)
        let needed = files.files(zoom: z, parts: parts)
        var parsed: [ClusterFile] = []
        var missing: [ZonePointFile] = []
        var answer = ZoneClusters(
            layer: layer, version: manifest.version, bbox: bbox, zoom: zoom, tileSize: tileSize, layerZoom: z,
            features: [], fetched: [], unavailable: [])
        for file in needed {
            if let held = load(file) { parsed.append(held) } else { missing.append(file) }
        }
        if !missing.isEmpty {
            let keys = Set(needed.map(\.artifact.key))
            for (file, result) in try await fetch(missing) {
                switch result {
                case .success(let content):
                    do {
                        let read = try ClusterFile(content, key: file.artifact.key)
                        memory.insert(read, key: file.artifact.key)
                        parsed.append(read)
                        answer.fetched.append(file.source.key)
                        if let reason = keep(file, content, keeping: keys) {
                            answer.notKept.append(.init(key: file.artifact.key, reason: reason))
                        }
                    } catch {
                        answer.unavailable.append(.init(key: file.artifact.key, reason: error.description))
                    }
                case .failure(let error):
                    answer.unavailable.append(.init(key: file.artifact.key, reason: error.description))
                }
            }
        }
        for file in parsed { file.features(zoom: z, in: parts, into: &answer.features) }
        if c.extent != Double(tileSize.rawValue) {
            for i in answer.features.indices {
                if let e = answer.features[i].expansionZoom {
                    answer.features[i].expansionZoom = tileSize.mapZoom(e, extent: c.extent)
                }
            }
        }
        return answer
    }

    /// The same for a MapKit-shaped view: a region and the view's size in points. The zoom is
    /// derived as MapKit-based clustering libraries do (``ZoneRegion/zoom(viewWidth:)``), in
    /// 256-pixel zooms, floored.
    public func clusters(layer: String, region: ZoneRegion, viewWidth: Double) async throws(ZoneClientError)
        -> ZoneClusters
    {
        try await clusters(
            layer: layer, in: region.bbox, zoom: region.zoom(viewWidth: viewWidth).rounded(.down), tileSize: .px256)
    }

    /// The parsed files in memory, by key (for tests and diagnostics).
    public var filesInMemory: [String] { memory.keys }

    /// The files fetched on first use that the cache holds, least recently used first.
    public var filesOnDisk: [String] {
        countDisk()
        return disk?.keys ?? []
    }

    /// Counts the cache's files fetched on first use, once.
    private func countDisk() {
        if disk == nil, let directory { disk = LRUBudget(budget: diskBudgetBytes, files: lazyKeys, in: directory) }
    }

    private func layerFiles(_ name: String) throws(ZoneClientError) -> ClusterLayerFiles {
        if let files = layers[name] { return files }
        guard let layer = manifest.points?.first(where: { $0.layer == name }) else {
            throw .badManifest("the store has no point layer \(name)")
        }
        let files = try ClusterLayerFiles(layer)
        layers[name] = files
        return files
    }

    /// The file from memory, or from the cache when its size and SHA-256 are right.
    private func load(_ file: ZonePointFile) -> ClusterFile? {
        let key = file.artifact.key
        if let held = memory.file(key) {
            disk?.use(key)
            return held
        }
        guard let directory, let content = (try? directory.read(key)) ?? nil, content.count == file.artifact.bytes,
            sha256Hex(content) == file.artifact.sha256, let read = try? ClusterFile(content, key: key)
        else { return nil }
        memory.insert(read, key: key)
        disk?.use(key)
        return read
    }

    /// Fetches `files` through the transport, six at a time; each result is the checked content
    /// or why it could not be had.
    private func fetch(_ files: [ZonePointFile]) async throws(ZoneClientError) -> [(
        ZonePointFile, Result<[UInt8], ZoneClientError>
    )] {
        guard let transport else {
            return files.map {
                ($0, .failure(.cache(path: $0.artifact.key, reason: "not in the cache, and no store to fetch it from")))
            }
        }
        if Task.isCancelled { throw .cancelled }
        var results = [Result<[UInt8], ZoneClientError>?](repeating: nil, count: files.count)
        do {
            try await forEachConcurrently(files.count, limit: 6) { i in
                do throws(ZoneClientError) {
                    return Result.success(try await transport.content(of: files[i].artifact, from: files[i].source))
                } catch {
                    return Result.failure(error)
                }
            } arrived: { i, result in
                results[i] = result
            }
        } catch {
            throw .cancelled  // the work and `arrived` do not throw: the group ended early
        }
        if Task.isCancelled { throw .cancelled }
        return zip(files, results).map { ($0, $1!) }
    }

    /// Writes a fetched file into the cache (listed in the sync's ledger first, under the sync's
    /// lock; skipped while a sync runs) and removes the least recently used past the budget;
    /// returns why the file was not kept, nil when it was (or there is no cache).
    private func keep(_ file: ZonePointFile, _ content: [UInt8], keeping: Set<String>) -> String? {
        guard let directory else { return nil }
        let key = file.artifact.key
        let lock: Int32
        do { lock = try directory.lock(ZoneSync.lockName) } catch { return error.description }
        defer { close(lock) }
        var ledger = SyncLedger(directory, written: [])
        do {
            try ledger.add(key)
            try directory.store(key, content)
        } catch {
            return error.description
        }
        guard lazyKeys.contains(key) else { return nil }
        countDisk()
        for old in disk!.add(key, bytes: content.count, keeping: keeping) { _ = try? directory.remove(old) }
        return nil
    }
}
