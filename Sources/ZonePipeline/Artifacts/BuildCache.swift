import Crypto
import Foundation

/// What a cached city keeps: its artifact and everything the manifest and report say of it.
struct CachedCity: Codable {
    var entry: Manifest.CityEntry
    var row: BuildReport.City
    var contested: [BuildReport.Contested]
    var diagnostics: [CachedDiagnostic]
    var artifactPath: String
}

/// A diagnostic as stored in the cache.
struct CachedDiagnostic: Codable {
    var file: String, line: Int, column: Int, error: Bool, message: String

    init(_ d: Diagnostic) {
        (file, line, column, error, message) = (d.location.file, d.location.line, d.location.column, d.severity == .error, d.message)
    }

    var diagnostic: Diagnostic {
        Diagnostic(error ? .error : .warning, SourceLocation(file: file, line: line, column: column), message)
    }
}

/// Incremental builds: a city whose features (geometry, properties, source positions), whose
/// relevant configuration and whose zonectl binary are unchanged reuses its last artifact
/// instead of running the geometry stage again. Entries are keyed by a SHA-256 of all that, so
/// a stale entry can never be hit; the cache is only an optimisation and its failures are
/// ignored (the city is then simply rebuilt).
public struct BuildCache: Sendable {
    public let directory: String
    /// Identifies the code that made an entry (the CLI passes a hash of its executable).
    public let codeIdentity: String

    public init(directory: String, codeIdentity: String) {
        self.directory = directory
        self.codeIdentity = codeIdentity
    }

    /// The cache key of `city`.
    func key(for city: CityGroups, features: [Feature], config: PipelineConfig) -> String {
        var h = SHA256()
        func add(_ s: String) { h.update(data: Array(s.utf8) + [0]) }
        add("zonectl-build-cache-3")
        add(codeIdentity)
        add(Self.fingerprint(config))
        add(city.city)
        for group in city.groups {
            add(group.key.joined(separator: "\u{1}"))
            var bytes: [UInt8] = []
            for m in group.members {
                let f = features[m]
                // Position, validity and properties as bytes (no string formatting per feature).
                bytes.removeAll(keepingCapacity: true)
                bytes += f.location.file.utf8
                withUnsafeBytes(of: (Int64(f.location.line), Int64(f.location.column), f.isValid)) { bytes += $0 }
                f.properties.appendJSON(to: &bytes)
                bytes.append(0)
                h.update(data: bytes)
                guard let g = f.geometry else { continue }
                g.coordinates.withUnsafeBytes { h.update(bufferPointer: $0) }
                g.ringEnds.withUnsafeBytes { h.update(bufferPointer: $0) }
                g.polygonEnds.withUnsafeBytes { h.update(bufferPointer: $0) }
            }
        }
        return h.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The configuration that shapes a city's artifact.
    static func fingerprint(_ c: PipelineConfig) -> String {
        "\(c.groupBy)|\(c.keep)|\(c.precision)|\(c.repair)|\(c.overlaps)|\(c.simplify)|\(c.antimeridian)|\(c.styles.property)|\(c.styleKeys)|\(c.gzipLevel)"
    }

    /// The cached city and its artifact bytes, if present and intact.
    func load(_ key: String) -> (city: CachedCity, artifact: [UInt8])? {
        let dir = URL(fileURLWithPath: directory).appendingPathComponent(key)
        guard let meta = FileManager.default.contents(atPath: dir.appendingPathComponent("city.json").path),
              let city = try? JSONDecoder().decode(CachedCity.self, from: meta),
              let artifact = FileManager.default.contents(atPath: dir.appendingPathComponent("artifact.gz").path),
              artifact.count == city.entry.encodedBytes else { return nil }
        return (city, [UInt8](artifact))
    }

    /// Removes entries other than `keep` (those of the build just made), so the cache holds one
    /// build's worth of cities and never grows without bound.
    func prune(keeping keep: Set<String>) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory) else { return }
        for name in names where !keep.contains(name) && !name.hasPrefix(".") {
            try? fm.removeItem(atPath: directory + "/" + name)
        }
    }

    /// Stores an entry (write aside, then rename, so readers never see half an entry).
    func store(_ key: String, city: CachedCity, artifact: [UInt8]) {
        let fm = FileManager.default
        let root = URL(fileURLWithPath: directory)
        let staging = root.appendingPathComponent(".\(key).\(UUID().uuidString)")
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            try Data(artifact).write(to: staging.appendingPathComponent("artifact.gz"))
            try JSONEncoder().encode(city).write(to: staging.appendingPathComponent("city.json"))
            let target = root.appendingPathComponent(key)
            try? fm.removeItem(at: target)
            try fm.moveItem(at: staging, to: target)
        } catch {
            try? fm.removeItem(at: staging)
        }
    }
}
