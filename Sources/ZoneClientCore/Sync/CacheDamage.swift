#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is wrong with an object a cache's manifest names.
public enum CacheDamage: String, Sendable, Codable, CaseIterable {
    /// No file at its key.
    case missing
    /// A file of another size than the manifest records.
    case wrongSize = "wrong size"
    /// The recorded size, but other content (SHA-256, or a stream that does not decode).
    case wrongContent = "wrong content"
}

/// An object of the cached version that a sync fetched again, and why.
public struct SyncRepair: Sendable, Equatable, Codable {
    /// The object's key.
    public var key: String
    /// What was wrong with the cached file.
    public var damage: CacheDamage

    /// A repair.
    public init(key: String, damage: CacheDamage) {
        self.key = key
        self.damage = damage
    }
}

extension CacheDirectory {
    /// What is wrong with the file of `artifact` (a cache manifest's entry: the held object is
    /// its own), nil when nothing is found: a stat compares the size; `hashing` also reads the
    /// file and checks it as a fetched object is checked (SHA-256, stream, content).
    func damage(of artifact: ZoneArtifact, hashing: Bool) -> CacheDamage? {
        var info = stat()
        guard stat(path(artifact.key), &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
            return .missing
        }
        guard Int(info.st_size) == artifact.encodedBytes else { return .wrongSize }
        guard hashing else { return nil }
        guard let held = try? read(artifact.key) else { return .missing }
        return Self.damage(of: artifact, held: held)
    }

    /// What is wrong with `held`, the bytes at `artifact`'s key (nil: none), nil when sound.
    static func damage(of artifact: ZoneArtifact, held: [UInt8]?) -> CacheDamage? {
        guard let held else { return .missing }
        guard held.count == artifact.encodedBytes else { return .wrongSize }
        return (try? artifact.unpack(held)) == nil ? .wrongContent : nil
    }
}
