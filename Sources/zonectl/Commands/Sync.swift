import ArgumentParser
import Foundation
import URLRedaction
import ZoneClientCore
import ZonePipeline

extension Zonectl {
    /// `zonectl sync`: keeps a local copy of a published store, as a client does (ZoneSync).
    struct Sync: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Bring a client cache (a local copy of a store) to the store's current version.",
            discussion: """
                TARGET is a local store (path or file:// URL), s3://bucket/prefix (read with the S3 \
                client and publish: settings of pipeline.yml) or the http(s):// base URL a store is \
                served from (read with URLSession by zonectl-http, beside zonectl). Polls manifest.json with \
                If-None-Match, fetches only the artifacts the cache lacks, checks each, keeps it decoded, \
                and switches the cache's manifest last. Of point layers it fetches the band files (zooms 0-12); \
                metatiles and point indexes are fetched when `zonectl clusters` or an app's viewport query needs \
                them (--points all fetches every one, for a mirror). An object of the cached version \
                that is missing or of the wrong size (with --verify: whose SHA-256 differs) is fetched again \
                and reported as repaired. Exit 0 when updated, repaired or already current, 2 on failure (the \
                cache stays at its last good version).
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "The store: a directory / file:// URL, s3://bucket/prefix, or an http(s):// base URL.")
        var from: String

        @Option(help: "The cache directory (created; one zonectl owns, never a directory of yours).")
        var out: String?

        @Option(name: .customLong("cache"), help: .hidden)
        var cache: String?

        @Flag(help: "Use --out even if it is a non-empty directory zonectl did not make.")
        var force = false

        @Option(
            help: ArgumentHelp(
                "The encodings downloaded, preferred first: of each artifact the object of the first one the manifest lists (the cache keeps it decoded).",
                valueName: "br,gzip|gzip"))
        var encodings: String = "br,gzip"

        @Option(
            help: ArgumentHelp(
                "Point files fetched: bands (zooms 0-12; metatiles and point indexes when a viewport query needs them) or all (a mirror).",
                valueName: "bands|all"))
        var points: String = "bands"

        @Flag(help: "Re-hash every object of the cache (not only compare sizes) and repair those that differ.")
        var verify = false

        func validate() throws {
            try output.require([.text, .json], for: "sync")
            _ = try encodingList()
            _ = try location
            _ = try pointSync
            _ = try cacheDirectory
        }

        /// `--out` (formerly `--cache`): the client cache written.
        private var cacheDirectory: String {
            get throws {
                guard let directory = try renamed(out, old: cache, name: "--out", oldName: "--cache") else {
                    throw ValidationError("Missing expected argument '--out <out>'")
                }
                return directory
            }
        }

        /// `--from` as a store location: a directory, an S3 prefix or an HTTP(S) base URL.
        private var location: StoreLocation {
            get throws { try storeLocation(from, accepting: [.directory, .s3, .http], option: "--from") }
        }

        /// `--points` as a choice; another word is a usage error.
        private var pointSync: ZonePointSync {
            get throws {
                guard let choice = ZonePointSync(rawValue: points) else {
                    throw ValidationError("--points: \(points) is not bands or all")
                }
                return choice
            }
        }

        /// `--encodings` as a list; an unknown name is a usage error.
        private func encodingList() throws -> [ZoneEncoding] {
            try encodings.split(separator: ",").map { name in
                guard let encoding = ZoneEncoding(rawValue: String(name).trimmingSpaces), encoding != .identity else {
                    throw ValidationError("--encodings: \(name) is not br or gzip")
                }
                return encoding
            }
        }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let location = try location
            var protected =
                BuildRequest(configFile: configFile).inputs + [.init(configFile.config.output, "the build output")]
            if case .directory(let path) = location { protected.append(.init(path, "the source store")) }
            let cache = try cacheDirectory
            try OwnedDirectory.check(cache, for: .clientCache, protecting: protected, force: force).prepare()
            let report: SyncReport
            do {
                if case .http(let url) = location {
                    report = try HTTPSync.run(
                        url, cache: cache, encodings: try encodingList().map(\.rawValue).joined(separator: ","),
                        verify: verify, points: try pointSync)
                } else {
                    let sync = ZoneSync(
                        transport: try transport(location, configFile.config), cache: URL(fileURLWithPath: cache),
                        encodings: try encodingList(), verify: verify, adopt: true, points: try pointSync)
                    report = try awaitBlocking { try await sync.run() }
                }
            } catch {
                throw SyncError(description: redactingURLCredentials("\(from): \(error)"))
            }
            if output.format == .json {
                try printJSON(SyncOutput(report))
            } else {
                printText(SyncOutput(report).text)
            }
            return .success
        }

        /// How `--from` is read: the S3 client for s3://, files for a directory (http(s) runs in
        /// zonectl-http, ``HTTPSync``).
        private func transport(_ location: StoreLocation, _ config: PipelineConfig) throws -> any ZoneTransport {
            switch location {
            case .s3: return ObjectStoreTransport(store: try openStore(from, config: config, option: "--from"))
            case .http: throw SyncError(description: "\(from): an http(s) store is synced by zonectl-http")
            case .directory(let path): return DirectoryStore(root: path)
            }
        }
    }
}

/// A sync that could not finish: a runtime failure, exit 2.
struct SyncError: Error, CustomStringConvertible {
    var description: String
}

/// What `zonectl sync` prints (`--format json`: this, encoded).
struct SyncOutput: Encodable {
    var status: String
    var from: String?
    var to: String?
    var fetched: [String]
    var removed: [String]
    var repaired: [SyncRepair]
    var bytesFetched: Int

    init(_ report: SyncReport) {
        // "current" only when nothing was fetched: a run that fetched objects of the cached
        // version again repaired the cache.
        status =
            report.updated
            ? "updated" : !report.repaired.isEmpty ? "repaired" : report.fetched.isEmpty ? "current" : "updated"
        (from, to, fetched, removed, repaired, bytesFetched) =
            (report.from, report.to, report.fetched, report.removed, report.repaired, report.bytesFetched)
    }

    var text: String {
        switch status {
        case "current": return "already current at version \(to ?? "none")"
        case "repaired": return "\(repairs) at version \(to ?? "none"), \(bytesFetched) bytes"
        default:
            return "updated \(from ?? "(empty)") -> \(to ?? "none"): \(plural(fetched.count, "object")) fetched, "
                + "\(plural(removed.count, "object")) removed, \(bytesFetched) bytes"
                + (repaired.isEmpty ? "" : "; \(repairs)")
        }
    }

    /// `repaired 2 objects (1 missing, 1 wrong size)`.
    private var repairs: String {
        let counts = CacheDamage.allCases.compactMap { damage in
            let n = repaired.count { $0.damage == damage }
            return n == 0 ? nil : "\(n) \(damage.rawValue)"
        }
        return "repaired \(plural(repaired.count, "object")) (\(counts.joined(separator: ", ")))"
    }
}

/// A store zonectl already reads (an S3 prefix, through S3Upload's signed client) as the sync's
/// transport. Each blocking GET runs on a dispatch queue, not on a task's thread. S3 has no
/// If-None-Match on a plain GET here, so a poll compares the ETag itself.
struct ObjectStoreTransport: ZoneTransport {
    let store: ObjectStore

    func get(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse {
        if Task.isCancelled { throw .cancelled }
        let store = store
        let result = await withCheckedContinuation {
            (done: CheckedContinuation<Result<StoredObject?, any Error>, Never>) in
            DispatchQueue.global().async { done.resume(returning: Result { try store.get(request.key) }) }
        }
        let stored: StoredObject?
        do { stored = try result.get() } catch {
            throw .unreachable(key: request.key, reason: "\(error)")
        }
        guard let stored else { return ZoneResponse(status: 404) }
        return ZoneResponse(serving: stored.bytes, etag: stored.etag, for: request)
    }
}
