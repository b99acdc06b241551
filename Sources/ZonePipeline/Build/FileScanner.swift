import Crypto
import Foundation
import ZoneFormats
import ZoneGeometry

/// Reads and checks one zone file (``FileCheck/check(_:repair:interpolation:keeping:styleKeys:context:)``)
/// and keeps its ``ScannedFile``. With a cache, a file whose bytes, path and checking rules were
/// seen before is not parsed, and one whose ``FileStamp`` is as it was is not even read.
struct FileScanner: Sendable {
    let config: PipelineConfig
    let cache: BuildCache?
    /// The build's clock, for ``FileStamp/isSettled(at:)``.
    var now = Date()
    /// The properties a feature keeps, and the settings that shape a scan's result (made once:
    /// a config may list 200,000 keys).
    let propertiesRead: Set<String>
    let rulesFingerprint: String
    /// Where the features' coordinates are kept for the build, when it is one.
    let spill: GeometrySpill?
    /// A parsed file's scan is handed back (``Scan/unstored``) for the caller to store later,
    /// not written here: a rebuild's one changed file is the scan's last to finish, and storing
    /// it can wait for a core with nothing to do.
    let defersStores: Bool

    init(
        config: PipelineConfig, cache: BuildCache?, now: Date = Date(), spill: GeometrySpill? = nil,
        defersStores: Bool = false
    ) {
        (self.config, self.cache, self.now, self.spill) = (config, cache, now, spill)
        self.defersStores = defersStores
        propertiesRead = config.propertiesRead
        rulesFingerprint = "\(config.repair)|\(config.antimeridian.interpolation)|\(propertiesRead.sorted())"
    }

    /// A file as the cache knows it before it is scanned: its stamp, and the SHA-256 the cache
    /// recorded for that stamp (the file's bytes are then not read to find its scan).
    struct Known: Sendable {
        var stamp: FileStamp?
        var digest: [UInt8]?

        /// What scanning the file will cost, for ordering the work: its size, or a sixteenth of
        /// it when its scan is decoded, not parsed (a changed file among cached ones is then
        /// scanned first, not after half of them while a core waits).
        var cost: Int {
            guard let stamp else { return 0 }
            return digest == nil ? stamp.size : stamp.size / 16
        }
    }

    func known(_ path: String) -> Known {
        let stamp = FileStamp(path: path)
        return Known(stamp: stamp, digest: stamp.flatMap { cache?.digest(of: $0) })
    }

    /// The file's scan, the cache entries it used (to keep them when pruning), whether it
    /// was parsed (not found in the cache), and with ``defersStores`` the cache entry still to
    /// store (``BuildCache/storeScan(_:_:)``). `known` is ``known(_:)`` of the file, when the
    /// caller has it.
    struct Scan {
        var file: ScannedFile
        var cacheKeys: [String]
        var parsed: Bool
        var unstored: (key: String, file: ScannedFile)? = nil
    }

    func scan(_ path: String, known: Known? = nil, context: GEOSContext?) throws(SourceError) -> Scan {
        let known = known ?? self.known(path)
        let stamp = known.stamp
        if let cache, let stamp, let digest = known.digest {
            let key = cache.scanKey(path: path, digest: digest, rules: rulesFingerprint)
            if let hit = cache.loadScan(key), hit.path == path, hit.digest == digest {
                return Scan(file: hit, cacheKeys: [key, stamp.key], parsed: false)
            }
        }
        let text = try SourceText.forScan(path)
        let digest = cache == nil ? [] : Self.sha256(of: text)
        var keys: [String] = []
        if let cache, let stamp, stamp.isSettled(at: now) {
            cache.store(digest, of: stamp)
            keys.append(stamp.key)
        }
        let key = cache?.scanKey(path: path, digest: digest, rules: rulesFingerprint)
        keys += key.map { [$0] } ?? []
        if let cache, let key, let hit = cache.loadScan(key), hit.path == path, hit.digest == digest {
            return Scan(file: hit, cacheKeys: keys, parsed: false)
        }
        guard let context else { throw SourceError(path: path, message: "GEOS could not start (GEOS_init_r failed)") }
        // Each feature checked, summarised and dropped as it is read; its coordinates go to
        // the spill in chunks (``SpillChunk``).
        var summaries: [FeatureSummary] = []
        var chunk = SpillChunk(spill: spill)
        let withDigest = cache != nil
        let diagnostics = text.bytes.withUnsafeBufferPointer { buf in
            FileCheck.check(
                text, repair: config.repair, interpolation: config.antimeridian.interpolation,
                keeping: propertiesRead, styleKeys: config.styleKeys, context: context
            ) { f in
                var summary = FeatureSummary(f, withDigest: withDigest)
                let range = min(f.offset, buf.count)..<min(f.offset + f.byteCount, buf.count)
                summary.checksum = crc32Checksum(UnsafeBufferPointer(rebasing: buf[range]))
                chunk.add(f.geometry, of: summaries.count)
                summaries.append(summary)
                if chunk.isFull { chunk.flush(into: &summaries) }
            }
        }
        chunk.flush(into: &summaries)
        summaries.shrinkToFit()
        let scanned = ScannedFile(
            path: path, digest: digest, bytes: text.bytes.count, features: summaries, diagnostics: diagnostics)
        guard let cache, let key else { return Scan(file: scanned, cacheKeys: keys, parsed: true) }
        if defersStores { return Scan(file: scanned, cacheKeys: keys, parsed: true, unstored: (key, scanned)) }
        cache.storeScan(key, scanned)
        return Scan(file: scanned, cacheKeys: keys, parsed: true)
    }
}

extension FileScanner {
    /// SHA-256 of the text, in steps that give back a mapped file's pages behind.
    static func sha256(of text: SourceText) -> [UInt8] {
        text.bytes.withUnsafeBufferPointer { buf in
            var h = SHA256()
            var from = 0
            while from < buf.count {
                let end = min(from + (4 << 20), buf.count)
                h.update(bufferPointer: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buf[from..<end])))
                text.release(upTo: end)
                from = end
            }
            return Array(h.finalize())
        }
    }
}
