import ZoneFormats

/// What a cached city keeps: its artifact and everything the manifest and report say of it.
struct CachedCity: Equatable {
    var entry: Manifest.CityEntry
    var row: BuildReport.City
    var contested: [BuildReport.Contested]
    var gaps: [GapFinding]
    /// The gaps as report.json writes them (``BuildReport/gapText(_:)``), nil if not written.
    var gapText: BuildReport.GapText?
    var closed: [BuildReport.Closed]
    var vanished: [BuildReport.Vanished]
    var diagnostics: [CachedDiagnostic]
    var artifactPath: String
}

/// A cache hit: the city and its artifact files (gzip, then brotli at the key the manifest
/// entry names), each known by the city's cache key (``identity(of:encoding:)``).
struct CachedArtifacts {
    var city: CachedCity
    var files: [ArtifactFile]

    /// What a city artifact's bytes are known by: the cache key of the city (which covers all
    /// they depend on) and the encoding.
    static func identity(of key: String, encoding: ArtifactEncoding) -> String {
        "city-" + key + "." + encoding.rawValue
    }
}

/// A diagnostic as stored in the cache.
struct CachedDiagnostic: Equatable {
    var file: String, line: Int, column: Int, error: Bool, message: String

    init(file: String, line: Int, column: Int, error: Bool, message: String) {
        (self.file, self.line, self.column, self.error, self.message) = (file, line, column, error, message)
    }

    init(_ d: Diagnostic) {
        (file, line, column, error, message) = (
            d.location.file, d.location.line, d.location.column, d.severity == .error, d.message
        )
    }

    var diagnostic: Diagnostic {
        Diagnostic(error ? .error : .warning, SourceLocation(file: file, line: line, column: column), message)
    }
}

/// The cache form of a city (`ByteWriter.swift`): every string once, in a table, then the
/// fields by index. A no-change build reads one of these per city; as JSON, decoding them was
/// a large part of its time.
extension CachedCity {
    private static let header = "zonectl-city-3"

    func encoded() -> [UInt8] {
        var table = FirstSeenNumbering<String>()
        var w = ByteWriter()
        func string(_ s: String) { w.varint(table.number(s)) }
        func strings(_ list: [String]) {
            w.varint(list.count)
            for s in list { string(s) }
        }
        func optional(_ v: Int?) {
            w.byte(v == nil ? 0 : 1)
            if let v { w.varint(v) }
        }

        let e = entry
        for s in [e.id, e.key, e.sha256, e.contentType, e.contentEncoding] { string(s) }
        for n in [e.bytes, e.encodedBytes, e.features, e.vertices] { w.varint(n) }
        w.varint(e.bbox.count)
        for d in e.bbox { w.double(d) }
        strings(e.styles)
        w.byte(e.brotli == nil ? 0 : 1)
        if let br = e.brotli {
            string(br.key)
            string(br.encodedSha256)
            w.varint(br.encodedBytes)
        }
        w.byte(e.encodedSha256 == nil ? 0 : 1)
        if let sha = e.encodedSha256 { string(sha) }

        string(row.id)
        for n in [
            row.inputFeatures, row.inputPolygons, row.outputFeatures, row.verticesIn, row.verticesOut,
            row.bytesAuthored, row.bytesMinified, row.bytesGzip, row.verticesBeforeSimplify,
        ] { w.varint(n) }
        optional(row.bytesBrotli)
        w.double(row.maxDeviationM)

        w.varint(contested.count)
        for c in contested {
            for s in [c.city, c.winner, c.loser] { string(s) }
            w.double(c.squareMetres)
        }
        w.varint(gaps.count)
        for g in gaps {
            string(g.city)
            strings(g.features)
            strings(g.styles)
            for d in [g.minWidthM, g.maxWidthM, g.lengthM, g.squareMetres, g.lon, g.lat] { w.double(d) }
            strings(g.closedInto)
        }
        w.byte(gapText == nil ? 0 : 1)
        if let gapText {
            w.varint(gapText.bytes.count)
            w.raw(gapText.bytes)
        }
        w.varint(closed.count)
        for c in closed {
            string(c.city)
            string(c.style)
            w.double(c.squareMetres)
        }
        w.varint(vanished.count)
        for v in vanished {
            string(v.city)
            string(v.zone)
            w.varint(v.polygons)
            string(v.reason)
        }
        w.varint(diagnostics.count)
        for d in diagnostics {
            string(d.file)
            w.varint(d.line)
            w.varint(d.column)
            w.byte(d.error ? 1 : 0)
            string(d.message)
        }
        string(artifactPath)

        var out = ByteWriter()
        out.string(Self.header)
        out.varint(table.order.count)
        for s in table.order { out.string(s) }
        out.raw(w.bytes)
        return out.bytes
    }

    /// Decodes ``encoded()``; nil when the bytes are not a whole entry (a cache miss).
    init?(decoding bytes: [UInt8]) {
        guard let city = ByteReader.read(bytes, { r in Self.decode(&r) }) else { return nil }
        self = city
    }

    private static func decode(_ r: inout ByteReader) -> CachedCity? {
        guard r.string() == Self.header, let count = r.count() else { return nil }
        var table: [String] = []
        table.reserveCapacity(count)
        for _ in 0..<count {
            guard let s = r.string() else { return nil }
            table.append(s)
        }
        var failed = false
        func string() -> String {
            guard let i = r.varint(), table.indices.contains(i) else {
                failed = true
                return ""
            }
            return table[i]
        }
        func int() -> Int {
            guard let n = r.varint() else {
                failed = true
                return 0
            }
            return n
        }
        func double() -> Double {
            guard let d = r.double() else {
                failed = true
                return 0
            }
            return d
        }
        func flag() -> Bool {
            guard let b = r.byte(), b <= 1 else {
                failed = true
                return false
            }
            return b == 1
        }
        /// A count no larger than the bytes left (each item takes at least one).
        func items<T>(_ item: () -> T) -> [T] {
            guard let n = r.count() else {
                failed = true
                return []
            }
            var list: [T] = []
            list.reserveCapacity(n)
            for _ in 0..<n where !failed { list.append(item()) }
            return list
        }

        let (id, key, sha256, contentType, contentEncoding) = (string(), string(), string(), string(), string())
        let (size, encodedBytes, features, vertices) = (int(), int(), int(), int())
        let bbox = items(double)
        let styles = items(string)
        let brotli =
            flag() ? Manifest.EncodedArtifact(key: string(), encodedSha256: string(), encodedBytes: int()) : nil
        let encodedSha256 = flag() ? string() : nil
        let entry = Manifest.CityEntry(
            id: id, key: key, sha256: sha256, bytes: size, encodedBytes: encodedBytes, contentType: contentType,
            contentEncoding: contentEncoding, bbox: bbox, features: features, vertices: vertices, styles: styles,
            brotli: brotli, encodedSha256: encodedSha256)

        let rowID = string()
        let n = (0..<9).map { _ in int() }
        let bytesBrotli = flag() ? int() : nil
        let row = BuildReport.City(
            id: rowID, inputFeatures: n[0], inputPolygons: n[1], outputFeatures: n[2], verticesIn: n[3],
            verticesOut: n[4], bytesAuthored: n[5], bytesMinified: n[6], bytesGzip: n[7], bytesBrotli: bytesBrotli,
            verticesBeforeSimplify: n[8], maxDeviationM: double())

        let contested = items {
            BuildReport.Contested(city: string(), winner: string(), loser: string(), squareMetres: double())
        }
        let gaps = items {
            GapFinding(
                city: string(), features: items(string), styles: items(string), minWidthM: double(),
                maxWidthM: double(), lengthM: double(), squareMetres: double(), lon: double(), lat: double(),
                closedInto: items(string))
        }
        var gapText: BuildReport.GapText?
        if flag() {
            guard let n = r.count(), let text = r.raw(n) else { return nil }
            gapText = BuildReport.GapText(count: gaps.count, bytes: Array(text))
        }
        let closed = items { BuildReport.Closed(city: string(), style: string(), squareMetres: double()) }
        let vanished = items { BuildReport.Vanished(city: string(), zone: string(), polygons: int(), reason: string()) }
        let diagnostics = items {
            CachedDiagnostic(file: string(), line: int(), column: int(), error: flag(), message: string())
        }
        let artifactPath = string()
        guard !failed, r.isAtEnd else { return nil }
        return CachedCity(
            entry: entry, row: row, contested: contested, gaps: gaps, gapText: gapText, closed: closed,
            vanished: vanished, diagnostics: diagnostics, artifactPath: artifactPath)
    }
}
