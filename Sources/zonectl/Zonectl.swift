import ArgumentParser

@main
struct Zonectl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zonectl",
        abstract: "Validate, build and publish GeoJSON zones.",
        discussion: "Exit codes: 0 success, 1 findings, 2 runtime failure (I/O, network), 64 usage error.",
        subcommands: [
            Validate.self, Build.self, Diff.self, Publish.self, Versions.self, Rollback.self, Verify.self, Lookup.self,
            Style.self, Sync.self, Clusters.self,
        ]
    )
}
