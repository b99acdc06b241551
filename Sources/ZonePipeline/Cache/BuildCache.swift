import Crypto
import Foundation
import ZoneFormats

/// Incremental builds (docs/ARCHITECTURE.md, "The three caches"):
/// - `files/`: a zone file's scan (findings and feature summaries), keyed by its path, its bytes'
///   SHA-256 and the checking rules, so an unchanged file is not parsed; and the SHA-256 of a
///   file by its ``FileStamp``, so an untouched file is not even read;
/// - `cities/`: a city's artifact and report rows, keyed by its features' digests (location,
///   validity, properties, geometry) and the configuration that shapes it, so an unchanged city
///   is not built.
/// Both keys include the zonectl binary's identity; an entry is found only by a key made of all
/// it depends on, so a stale entry can never be hit. The cache is only an optimisation and its
/// failures are ignored (the file is scanned, the city built).
public struct BuildCache: Sendable {
    public let directory: String
    /// Identifies the code that made an entry (the CLI passes a hash of its executable).
    public let codeIdentity: String

    public init(directory: String, codeIdentity: String) {
        self.directory = directory
        self.codeIdentity = codeIdentity
    }

    var citiesDirectory: String { directory + "/cities" }
    var filesDirectory: String { directory + "/files" }

    /// The cache key of `city`, whose members index `features`; `settings` is
    /// ``settingsDigest(_:)`` of the build's configuration.
    func key(for city: CityGroups, features: FeatureSummaries, settings: [UInt8]) -> String {
        var h = SHA256()
        func add(_ s: String) { h.update(data: Array(s.utf8) + [0]) }
        h.update(data: settings)
        add(city.city)
        var digests: [UInt64] = []
        for group in city.groups {
            add(group.key.joined(separator: "\u{1}"))
            digests.removeAll(keepingCapacity: true)
            for m in group.members {
                digests.append(features[m].digest.high)
                digests.append(features[m].digest.low)
            }
            digests.withUnsafeBytes { h.update(bufferPointer: $0) }
        }
        return hex(h.finalize())
    }

    /// SHA-256 of all a city's artifact depends on besides its features (``CitySettings``):
    /// made once per build.
    func settingsDigest(_ config: PipelineConfig) -> [UInt8] {
        Array(SHA256.hash(data: CitySettings(code: codeIdentity, config: config).encoded()))
    }

    /// True when the cache has an entry at `key` (which ``load(_:brotli:)`` may still find
    /// damaged, or without the brotli artifact asked for).
    func holds(_ key: String) -> Bool {
        access(citiesDirectory + "/" + key + "/city.bin", F_OK) == 0
    }

    /// The cached city and its artifact files (gzip, and brotli when `brotli`), if present and
    /// intact. An entry without a brotli artifact is a miss when `brotli` is asked for. A file
    /// `written` holds already is not read (``ArtifactFile/isAlreadyWritten``).
    func load(_ key: String, brotli: Bool, written: WrittenFiles? = nil) -> CachedArtifacts? {
        let dir = citiesDirectory + "/" + key
        guard let meta = readWholeFile(dir + "/city.bin"), let city = CachedCity(decoding: meta) else { return nil }
        var wanted = [(ArtifactEncoding.gzip, "artifact.gz", city.artifactPath, city.entry.encodedBytes)]
        if brotli {
            guard let br = city.entry.brotli else { return nil }
            wanted.append((.br, "artifact.br", br.key, br.encodedBytes))
        }
        var files: [ArtifactFile] = []
        for (encoding, name, path, size) in wanted {
            let identity = CachedArtifacts.identity(of: key, encoding: encoding)
            var file = ArtifactFile(path: path, bytes: [], city: city.entry.id, identity: identity)
            if let written, written.holds(path, identity: identity) {
                file.isAlreadyWritten = true
            } else {
                guard let bytes = readWholeFile(dir + "/" + name), bytes.count == size else {
                    return nil
                }
                file.bytes = bytes
            }
            files.append(file)
        }
        return CachedArtifacts(city: city, files: files)
    }

    /// Stores a city (write aside, then rename, so readers never see half an entry).
    func store(_ key: String, city: CachedCity, artifact: [UInt8], brotli: [UInt8]? = nil) {
        let fm = FileManager.default
        let root = URL(fileURLWithPath: citiesDirectory)
        let staging = root.appendingPathComponent(".\(key).\(UUID().uuidString)")
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            try Data(artifact).write(to: staging.appendingPathComponent("artifact.gz"))
            if let brotli { try Data(brotli).write(to: staging.appendingPathComponent("artifact.br")) }
            try Data(city.encoded()).write(to: staging.appendingPathComponent("city.bin"))
            let target = root.appendingPathComponent(key)
            try? fm.removeItem(at: target)
            try fm.moveItem(at: staging, to: target)
        } catch {
            try? fm.removeItem(at: staging)
        }
    }

    /// The cache key of one file's scan.
    func scanKey(path: String, digest: [UInt8], rules: String) -> String {
        var h = SHA256()
        for part in ["zonectl-scan-cache-1", codeIdentity, rules, path] { h.update(data: Array(part.utf8) + [0]) }
        h.update(data: digest)
        return hex(h.finalize())
    }

    func loadScan(_ key: String) -> ScannedFile? {
        guard let bytes = readWholeFile(filesDirectory + "/" + key) else { return nil }
        return ScannedFile(decoding: bytes)
    }

    func storeScan(_ key: String, _ scan: ScannedFile) {
        write(scan.encoded(), to: filesDirectory, name: key)
    }

    /// The bytes' SHA-256 recorded for a file with this stamp.
    func digest(of stamp: FileStamp) -> [UInt8]? {
        guard let bytes = readWholeFile(filesDirectory + "/" + stamp.key), bytes.count == 32 else { return nil }
        return bytes
    }

    func store(_ digest: [UInt8], of stamp: FileStamp) {
        write(digest, to: filesDirectory, name: stamp.key)
    }

    /// Writes `bytes` aside, then renames, so readers never see half an entry.
    private func write(_ bytes: [UInt8], to directory: String, name: String) {
        let fm = FileManager.default
        let staging = directory + "/.\(name).\(UUID().uuidString)"
        do {
            try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: staging))
            if rename(staging, directory + "/" + name) != 0 { try? fm.removeItem(atPath: staging) }
        } catch {
            try? fm.removeItem(atPath: staging)
        }
    }

    /// Removes entries other than those of the build just made (`cities`, `files`), and
    /// anything an older layout left at the top, so the cache holds one build's worth and never
    /// grows without bound.
    func prune(cities: Set<String>, files: Set<String>) {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: directory)) ?? []
        where name != "cities" && name != "files" && !name.hasPrefix(".") {
            try? fm.removeItem(atPath: directory + "/" + name)
        }
        for (dir, keep) in [(citiesDirectory, cities), (filesDirectory, files)] {
            for name in (try? fm.contentsOfDirectory(atPath: dir)) ?? []
            where !keep.contains(name) && !name.hasPrefix(".") {
                try? fm.removeItem(atPath: dir + "/" + name)
            }
        }
    }
}
