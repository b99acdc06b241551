import ArgumentParser
import ZonePipeline
import ZoneStores

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
            _ = try request
            _ = try cacheDirectory
        }

        /// The options as a ``SyncRequest``.
        private var request: SyncRequest {
            get throws {
                try usage { try SyncRequest(from: from, encodings: encodings, points: points, verify: verify) }
            }
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

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let (request, cache, force) = (try request, try cacheDirectory, force)
            let summary = SyncSummary(
                try awaitBlocking { try await request.run(configFile: configFile, into: cache, force: force) })
            if output.format == .json { try printJSON(summary) } else { printText(summary.text) }
            return .success
        }
    }
}
