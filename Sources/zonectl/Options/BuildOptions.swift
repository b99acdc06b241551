import ArgumentParser

/// Options of the commands that build: `build`, and `diff` (which builds in memory).
struct BuildOptions: ParsableArguments {
    @Option(help: "Zone files or directories (default: `zones` from pipeline.yml).")
    var zones: [String] = []

    @Option(help: "Build cache directory: unchanged cities reuse their artifacts.")
    var cache: String = ".zonectl/cache"

    @Flag(help: "Rebuild every city, ignoring and not updating the cache.")
    var noCache = false
}
