import ArgumentParser
import ZonePipeline

extension Zonectl {
    /// `zonectl validate [PATH...]`: RFC 7946 structure, GEOS validity and pipeline rules.
    struct Validate: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check zone files: RFC 7946 structure, geometry validity, pipeline rules.",
            discussion: "Exit 0 when clean (warnings allowed), 1 on errors, 2 when a file cannot be read."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "Zone files or directories (default: `zones` from pipeline.yml).")
        var paths: [String] = []

        func validate() throws { try output.require([.text, .json, .github], for: "validate") }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let config = configFile.config
            let sources = paths.isEmpty ? [config.zones] + config.points.map(\.source) : [paths]
            for note in try ZoneFiles.walkNotes(sources, verbose: global.verbose) { printError(note) }
            let result = try ValidationRequest(configFile: configFile, paths: paths, jobs: jobs).run()
            switch output.format {
            case .text:
                let (findings, summary) = result.textLines(verbose: global.verbose)
                for line in findings { printError(line) }
                print(summary)
                let lines = GapLines(gaps: result.gaps, closed: [], config: configFile.config.gaps)
                for line in lines.lines(verbose: global.verbose) { printText(line) }
            case .json: print(result.jsonDocument)
            case .github, .markdown: for line in result.annotations { print(line) }
            }
            return result.diagnostics.hasErrors ? .failure : .success
        }
    }
}
