import ArgumentParser

/// Options every command that reads pipeline.yml shares.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long, help: "The pipeline configuration (default: pipeline.yml when it exists, else built-in defaults).")
    var config: String?

    @Option(name: .long, help: "Worker threads (default: all cores).")
    var jobs: Int?

    @Flag(name: .long, help: "Also print warnings.")
    var verbose = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }
}
