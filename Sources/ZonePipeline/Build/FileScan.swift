import Crypto
import Foundation
import ZoneGeometry

/// What a build keeps of a feature between checking its file and building its city: all but
/// the coordinates, which are read again, one group of cities at a time, when the city is
/// built (so a build never holds the whole corpus's coordinates).
public struct FeatureSummary: FeatureFacts, Sendable {
    public var id: JSONValue?
    /// Trimmed to the keys the pipeline reads (``PipelineConfig/propertiesRead``).
    public var properties: JSONObject
    public var location: SourceLocation
    public var hasGeometry: Bool
    public var isValid: Bool
    /// Where ``spill`` starts, in 8-byte words (a feature's spill form is whole words).
    private var spillStart: UInt32 = 0
    public var positionCount: Int
    /// Where the feature's text is in its file (byte offset and count), and the CRC-32 of
    /// those bytes: the build reads each city's features again from there, and a feature whose
    /// bytes changed since the scan stops the build.
    public var offset: Int
    public var byteCount: Int
    public var checksum: UInt32
    /// The length of ``spill`` in 8-byte words (0: not there); here, and its start beside
    /// `isValid`, each fills what was padding.
    private var spillWords: UInt32 = 0
    /// SHA-256 (first 16 bytes) of all a city's build reads of the feature: location, validity,
    /// properties, coordinates and ring structure. Equal digests, equal input.
    public var digest: Digest128

    /// Where the scan left the coordinates it parsed (``GeometrySpill``), so the build reads
    /// them there rather than parsing the text again; nil when it did not (a check that is not
    /// a build, a scan from the cache, a failed write, a spill past 32 GB).
    var spill: SpillRange? {
        get {
            spillWords == 0 ? nil : SpillRange(offset: 8 * Int(spillStart), count: 8 * Int(spillWords))
        }
        set {
            guard let r = newValue, r.offset % 8 == 0, r.count % 8 == 0, let start = UInt32(exactly: r.offset / 8),
                let words = UInt32(exactly: r.count / 8)
            else {
                (spillStart, spillWords) = (0, 0)
                return
            }
            (spillStart, spillWords) = (start, words)
        }
    }

    /// The summary of `f`; its digest only `withDigest` (it is for the cache alone).
    init(_ f: Feature, withDigest: Bool) {
        id = f.id
        properties = f.properties
        location = f.location
        hasGeometry = f.geometry != nil
        isValid = f.isValid
        positionCount = f.geometry?.positionCount ?? 0
        offset = f.offset
        byteCount = f.byteCount
        checksum = 0
        digest = .zero
        guard withDigest else { return }
        var bytes = Array(f.location.file.utf8)
        withUnsafeBytes(of: (Int64(f.location.line), Int64(f.location.column), f.isValid, f.geometry != nil)) {
            bytes += $0
        }
        f.properties.appendJSON(to: &bytes)
        var h = SHA256()
        h.update(data: bytes)
        if let g = f.geometry {
            g.coordinates.withUnsafeBytes { h.update(bufferPointer: $0) }
            g.ringEnds.withUnsafeBytes { h.update(bufferPointer: $0) }
            g.polygonEnds.withUnsafeBytes { h.update(bufferPointer: $0) }
        }
        digest = Digest128(Array(h.finalize())[..<16])
    }

    init(
        id: JSONValue?, properties: JSONObject, location: SourceLocation, hasGeometry: Bool, isValid: Bool,
        positionCount: Int, offset: Int, byteCount: Int, checksum: UInt32, digest: Digest128
    ) {
        (self.id, self.properties, self.location, self.hasGeometry, self.isValid) = (
            id, properties, location, hasGeometry, isValid
        )
        (self.positionCount, self.offset, self.byteCount, self.checksum, self.digest) = (
            positionCount, offset, byteCount, checksum, digest
        )
    }
}

/// One zone file as checked: its findings and a summary per feature, in source order.
public struct ScannedFile: Sendable {
    public var path: String
    /// SHA-256 of the file's bytes, when the build has a cache (empty otherwise).
    public var digest: [UInt8]
    public var bytes: Int
    public var features: [FeatureSummary]
    public var diagnostics: [Diagnostic]
}

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

/// The coordinates of a run of one file's features, on their way to the spill: each
/// feature's place in the chunk is noted in its summary and moved to the spill's offset when
/// the chunk is written (``GeometrySpill/chunk`` bytes at a time, so one large file is never
/// held whole).
struct SpillChunk {
    let spill: GeometrySpill?
    private var bytes: [UInt8] = []
    /// The summaries (indices) whose coordinates are in `bytes`, and their ranges there.
    private var pending: [(summary: Int, range: SpillRange)] = []

    init(spill: GeometrySpill?) {
        self.spill = spill
        if spill != nil { bytes.reserveCapacity(GeometrySpill.chunk + (64 << 10)) }
    }

    var isFull: Bool { bytes.count >= GeometrySpill.chunk }

    /// Adds the geometry of the feature whose summary will be `summaries[index]`.
    mutating func add(_ geometry: PolygonalGeometry?, of index: Int) {
        guard spill != nil, let geometry else { return }
        let start = bytes.count
        geometry.appendSpill(to: &bytes)
        pending.append((index, SpillRange(offset: start, count: bytes.count - start)))
    }

    /// Writes the chunk and gives its summaries their ranges (none when the write failed: the
    /// build then reads those features' text again).
    mutating func flush(into summaries: inout [FeatureSummary]) {
        guard let spill, !bytes.isEmpty else { return }
        if let base = spill.append(bytes) {
            for p in pending {
                summaries[p.summary].spill = SpillRange(offset: base + p.range.offset, count: p.range.count)
            }
        }
        bytes.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
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

extension ScannedFile {
    /// The cache form: header, distinct property sets, features, findings.
    func encoded() -> [UInt8] {
        var w = ByteWriter()
        w.string("zonectl-scan-5")
        w.string(path)
        w.varint(digest.count)
        w.raw(digest)
        w.varint(bytes)
        var tables = FirstSeenNumbering<JSONObject>()
        let index = features.map { tables.number($0.properties) }
        w.varint(tables.order.count)
        for o in tables.order { w.object(o) }
        w.varint(features.count)
        for (f, k) in zip(features, index) {
            if let id = f.id {
                w.byte(1)
                w.json(id)
            } else {
                w.byte(0)
            }
            w.varint(k)
            w.varint(f.location.line)
            w.varint(f.location.column)
            w.byte((f.hasGeometry ? 1 : 0) | (f.isValid ? 2 : 0))
            w.varint(f.positionCount)
            w.varint(f.offset)
            w.varint(f.byteCount)
            w.varint(Int(f.checksum))
            w.raw(f.digest.bytes)
        }
        // Messages once each (the same winding warning may be on every other feature).
        var messages = FirstSeenNumbering<String>()
        let message = diagnostics.map { messages.number($0.message) }
        w.varint(messages.order.count)
        for m in messages.order { w.string(m) }
        w.varint(diagnostics.count)
        for (d, m) in zip(diagnostics, message) {
            w.byte(d.severity == .error ? 1 : 0)
            w.string(d.location.file)
            w.varint(d.location.line)
            w.varint(d.location.column)
            w.varint(m)
        }
        return w.bytes
    }

    /// Decodes ``encoded()``; nil when the bytes are not a whole entry.
    init?(decoding bytes: [UInt8]) {
        guard let scan = ByteReader.read(bytes, { r in Self.decode(&r) }) else { return nil }
        self = scan
    }

    private static func decode(_ r: inout ByteReader) -> ScannedFile? {
        guard r.string() == "zonectl-scan-5", let path = r.string(), let digestCount = r.count(),
            let digest = r.raw(digestCount).map(Array.init), let size = r.varint(),
            let tableCount = r.count()
        else { return nil }
        var tables: [JSONObject] = []
        tables.reserveCapacity(tableCount)
        for _ in 0..<tableCount {
            guard let o = r.object() else { return nil }
            tables.append(o)
        }
        guard let featureCount = r.count() else { return nil }
        // Each summary made in its place in the array (appended, each was copied and the
        // original destroyed: three retains and releases per feature, 138,000 in a rebuild).
        var complete = false
        let features = [FeatureSummary](unsafeUninitializedCapacity: featureCount) { buffer, count in
            count = 0
            for i in 0..<featureCount {
                guard let hasID = r.byte() else { return }
                var id: JSONValue?
                if hasID == 1 {
                    guard let v = r.json() else { return }
                    id = v
                }
                guard let k = r.varint(), k >= 0, k < tables.count, let line = r.varint(), let column = r.varint(),
                    let flags = r.byte(), let positions = r.varint(), let offset = r.varint(),
                    let byteCount = r.varint(), let checksum = r.varint(), let digest = r.digest128()
                else { return }
                (buffer.baseAddress! + i).initialize(
                    to: FeatureSummary(
                        id: id, properties: tables[k], location: SourceLocation(file: path, line: line, column: column),
                        hasGeometry: flags & 1 != 0, isValid: flags & 2 != 0, positionCount: positions,
                        offset: offset, byteCount: byteCount, checksum: UInt32(truncatingIfNeeded: checksum),
                        digest: digest))
                count = i + 1
            }
            complete = true
        }
        guard complete else { return nil }
        guard let messageCount = r.count() else { return nil }
        var messages: [String] = []
        messages.reserveCapacity(messageCount)
        for _ in 0..<messageCount {
            guard let m = r.string() else { return nil }
            messages.append(m)
        }
        guard let diagnosticCount = r.count() else { return nil }
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(diagnosticCount)
        let pathUTF8 = Array(path.utf8)
        for _ in 0..<diagnosticCount {
            guard let severity = r.byte(), let file = r.string(orKnown: path, utf8: pathUTF8), let line = r.varint(),
                let column = r.varint(), let m = r.varint(), m >= 0, m < messages.count
            else { return nil }
            diagnostics.append(
                Diagnostic(
                    severity == 1 ? .error : .warning, SourceLocation(file: file, line: line, column: column),
                    messages[m]))
        }
        guard r.isAtEnd else { return nil }
        return ScannedFile(path: path, digest: digest, bytes: size, features: features, diagnostics: diagnostics)
    }
}

/// The first 16 bytes of a SHA-256, kept inline (no allocation per feature).
public struct Digest128: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    /// No digest (a build without a cache makes none).
    static let zero = Digest128(Array(repeating: 0, count: 16)[...])

    init(high: UInt64, low: UInt64) { (self.high, self.low) = (high, low) }

    /// From 16 bytes, the first 8 the high word.
    init(_ bytes: ArraySlice<UInt8>) {
        precondition(bytes.count == 16)
        (high, low) = bytes.withUnsafeBufferPointer { b in
            var words: (UInt64, UInt64) = (0, 0)
            for i in 0..<8 {
                words.0 = words.0 << 8 | UInt64(b[i])
                words.1 = words.1 << 8 | UInt64(b[8 + i])
            }
            return words
        }
    }

    var bytes: [UInt8] {
        (0..<16).map { i in UInt8(truncatingIfNeeded: (i < 8 ? high : low) >> (8 * UInt64(7 - i % 8))) }
    }
}

/// What the file system says of a file without reading it: device, inode, size, and
/// modification and change times to the nanosecond. Any write changes the change time, which
/// no user call can set back, so an equal stamp means equal bytes (git's index works this way).
struct FileStamp {
    var path: String
    var fields: [Int64]

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.path = path
        fields = [
            Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size),
            Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec),
            Int64(info.st_ctim.tv_nsec),
        ]
    }

    /// The file's size in bytes.
    var size: Int { Int(fields[2]) }

    /// The cache key of this stamp.
    var key: String {
        var h = SHA256()
        h.update(data: Array("zonectl-stamp-1\u{0}\(path)\u{0}".utf8))
        fields.withUnsafeBytes { h.update(bufferPointer: $0) }
        return "stamp-" + hex(h.finalize())
    }

    /// False while the file may still be written within the time stamps' resolution (a few
    /// milliseconds): a second write in the same tick would leave the stamp as it is, so such a
    /// file is hashed on every build until it has been left alone for two seconds.
    func isSettled(at now: Date) -> Bool {
        Double(max(fields[3], fields[5])) < now.timeIntervalSince1970 - 2
    }
}
