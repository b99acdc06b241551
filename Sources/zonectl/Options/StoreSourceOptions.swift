import ArgumentParser
import ZoneClientCore

/// `--from`: a published store a client reads (lookup, and later sync and style).
struct StoreSourceOptions: ParsableArguments {
    @Option(help: "A local store, a client cache or a build output directory (path or file:/// URL).")
    var from: String

    func validate() throws { _ = try directory }

    /// The directory `--from` names; a URL of another scheme is a usage error.
    private var directory: String {
        get throws {
            let scheme = from.prefix { $0 != ":" }.lowercased()
            let readBySync = from.contains("://") && ["s3", "http", "https"].contains(scheme)
            return try localDirectory(
                from, option: "--from", hint: readBySync ? " (zonectl sync copies \(scheme):// stores into one)" : "")
        }
    }

    /// The store `--from` names.
    var store: DirectoryStore { get throws { DirectoryStore(root: try directory) } }
}
