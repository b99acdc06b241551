import ArgumentParser
import ZoneClient

/// `--from`: a published store a client reads (lookup, and later sync and style).
struct StoreSourceOptions: ParsableArguments {
    @Option(help: "A local store, a client cache or a build output directory (path or file:// URL).")
    var from: String

    func validate() throws {
        for scheme in ["s3://", "http://", "https://"] where from.hasPrefix(scheme) {
            throw ValidationError(
                "--from \(from): only a local directory (zonectl sync copies \(scheme) stores into one)")
        }
    }

    /// The store `--from` names.
    var store: DirectoryStore { DirectoryStore(root: from) }
}
