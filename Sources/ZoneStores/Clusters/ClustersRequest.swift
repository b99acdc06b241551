import Foundation
import URLRedaction
import ZoneClientCore
import ZonePipeline

/// `zonectl clusters`' workflow: what an app's viewport query reads of a point layer
/// (``ZoneClusterReader``), from a client cache's files or from a store (a directory or an S3
/// prefix, each file fetched and checked); the answer saved and compared with an earlier one.
public struct ClustersRequest: Sendable {
    /// `--from` as given (for messages).
    public var from: String
    public var location: StoreLocation
    public var layer: String
    public var box: ZoneBBox
    public var zoom: Double
    public var tileSize: ZoneTileSize
    /// A saved answer to compare with, and the file this answer is saved to.
    public var since: String?
    public var save: String?
    /// Replace `save` even if it is not an answer zonectl saved.
    public var force: Bool

    /// The options as given; a value the query cannot take is a usage error (``OptionError``,
    /// ``StoreLocationError``), checked in this order: the box, the store, the tile size, the zoom.
    public init(
        from: String, layer: String, bbox: String, zoom: Double, tileSize: Int, since: String? = nil,
        save: String? = nil, force: Bool = false
    ) throws {
        box = try ZoneBBox(parsing: bbox)
        location = try StoreLocation(from, accepting: [.directory, .s3], option: "--from")
        guard let size = ZoneTileSize(rawValue: tileSize) else { throw OptionError("--tile-size: 256 or 512") }
        guard zoom.isFinite, zoom >= 0, zoom <= 30 else { throw OptionError("--zoom: a number from 0 to 30") }
        (self.from, self.layer, self.zoom, self.tileSize) = (from, layer, zoom, size)
        (self.since, self.save, self.force) = (since, save, force)
    }

    /// The answer, what to say of it and its bytes (with the difference from `since`).
    public struct Answer: Sendable {
        public var clusters: ZoneClusters
        /// The lines for standard error: the objects fetched, those unavailable, an incomplete answer.
        public var notes: [String]
        /// The FeatureCollection printed.
        public var output: [UInt8]
        let file: OwnedFile?

        /// Writes the answer (without the difference) to `save`, if given.
        public func save() throws { try file?.write(clusters.featureCollection()) }
    }

    /// Checks `save` (never one of the build's inputs) and reads `since`, then queries.
    public func run(configFile: ConfigFile) async throws -> Answer {
        let file = try save.map {
            try OwnedFile.check(
                $0, what: "clusters answer", force: force, protecting: BuildRequest(configFile: configFile).inputs,
                isOwn: ZoneClusters.isSavedAnswer)
        }
        let previous: [ZoneClusterFeature]? = try since.map { path in
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw ClustersError("\(path): cannot read")
            }
            do {
                return try ZoneClusters.features(inFeatureCollection: [UInt8](bytes), named: path)
            } catch {
                throw ClustersError("\(path): \(error)")
            }
        }
        let reader = try await reader(configFile.config.publish)
        let answer: ZoneClusters
        do {
            answer = try await reader.clusters(layer: layer, in: box, zoom: zoom, tileSize: tileSize)
        } catch {
            throw ClustersError(redactingURLCredentials("\(from): \(error)"))
        }
        var notes = answer.fetched.map { "fetched \($0)" }
        notes += answer.unavailable.map { "\(from): warning: \($0.key) unavailable: \($0.reason)" }
        notes += answer.notKept.map { "\(from): warning: \($0.key) fetched but not cached: \($0.reason)" }
        if !answer.isComplete {
            notes.append(
                "\(from): warning: incomplete answer from version \(answer.version); zonectl sync --points all --out DIR fills a cache"
            )
        }
        let bytes = answer.featureCollection(
            difference: previous.map { ClusterDifference(from: $0, to: answer.features) })
        return Answer(clusters: answer, notes: notes, output: bytes, file: file)
    }

    /// The reader of `from`: a cache's files (no transport), or a store read through its transport.
    private func reader(_ publish: PublishConfig) async throws -> ZoneClusterReader {
        if case .directory(let path) = location, ZoneSync.isCache(path) {
            let manifest: ZoneManifest
            do { manifest = try DirectoryStore(root: path).manifest() } catch {
                throw ClustersError("\(from): \(error)")
            }
            return ZoneClusterReader(manifest: manifest, cache: URL(fileURLWithPath: path), transport: nil)
        }
        let transport = try location.transport(publish, named: from)
        do {
            return try await ZoneClusterReader.reading(transport)
        } catch {
            throw ClustersError(redactingURLCredentials("\(from): \(error)"))
        }
    }
}
