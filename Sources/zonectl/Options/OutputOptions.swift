import ArgumentParser

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github, markdown
}

/// `--format`, shared by the commands that print results; each names the formats it has.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output: text, json, github (validate: annotations) or markdown (diff: a pull-request comment).")
    var format: OutputFormat = .text

    /// Throws a usage error (exit 64) when `format` is not one of `allowed`.
    func require(_ allowed: [OutputFormat], for command: String) throws {
        guard allowed.contains(format) else {
            throw ValidationError("\(command) supports --format " + allowed.map(\.rawValue).joined(separator: ", "))
        }
    }
}
