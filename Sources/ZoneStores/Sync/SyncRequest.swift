import Foundation
import URLRedaction
import ZoneClientCore
import ZonePipeline

/// `zonectl sync`'s workflow: a client cache, a directory zonectl owns, brought to the current
/// version of a store (a directory, an S3 prefix, or an http(s) base URL read by `zonectl-http`)
/// by ``ZoneSync``, as an app's client does.
public struct SyncRequest: Sendable {
    /// `--from` as given (for messages).
    public var from: String
    public var location: StoreLocation
    /// The encodings fetched, preferred first.
    public var encodings: [ZoneEncoding]
    public var points: ZonePointSync
    /// Re-hash every cached object, not only compare sizes.
    public var verify: Bool

    /// The options as given; a value the sync cannot take is a usage error (``OptionError``,
    /// ``StoreLocationError``), checked in this order: encodings, the store, points.
    public init(from: String, encodings: String, points: String, verify: Bool) throws {
        self.from = from
        self.encodings = try encodings.split(separator: ",").map { name throws(OptionError) in
            guard let encoding = ZoneEncoding(rawValue: name.trimmingCharacters(in: .spaces)), encoding != .identity
            else { throw OptionError("--encodings: \(name) is not br or gzip") }
            return encoding
        }
        location = try StoreLocation(from, accepting: [.directory, .s3, .http], option: "--from")
        guard let choice = ZonePointSync(rawValue: points) else {
            throw OptionError("--points: \(points) is not bands or all")
        }
        self.points = choice
        self.verify = verify
    }

    /// Syncs into `cache`, first checked as a client cache zonectl may write (never the build's
    /// inputs or output, nor the source store; `force` takes a non-empty directory zonectl did not
    /// make). A sync that cannot finish is a ``SyncError`` naming `from`; the cache then stays at
    /// its last good version.
    public func run(configFile: ConfigFile, into cache: String, force: Bool) async throws -> SyncReport {
        var protected =
            BuildRequest(configFile: configFile).inputs + [.init(configFile.config.output, "the build output")]
        if case .directory(let path) = location { protected.append(.init(path, "the source store")) }
        try OwnedDirectory.check(cache, for: .clientCache, protecting: protected, force: force).prepare()
        do {
            if case .http(let url) = location {
                return try HTTPSync.run(
                    url, cache: cache, encodings: encodings.map(\.rawValue).joined(separator: ","), verify: verify,
                    points: points)
            }
            let sync = ZoneSync(
                transport: try location.transport(configFile.config.publish, named: from),
                cache: URL(fileURLWithPath: cache), encodings: encodings, verify: verify, adopt: true, points: points)
            return try await sync.run()
        } catch {
            throw SyncError(description: redactingURLCredentials("\(from): \(error)"))
        }
    }
}

extension CharacterSet {
    /// Spaces, tabs and carriage returns: what is trimmed around a value in a list.
    static let spaces = CharacterSet(charactersIn: " \t\r")
}
