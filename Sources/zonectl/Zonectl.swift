import ArgumentParser

@main
struct Zonectl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zonectl",
        abstract: "Validate, build and publish GeoJSON zones.",
        subcommands: []
    )
}
