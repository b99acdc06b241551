import ArgumentParser
import ZonePipeline

extension Zonectl {
    /// `zonectl validate [PATH...]`: RFC 7946 structure, GEOS validity and pipeline rules.
    struct Validate: ZonectlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check zone files: RFC 7946 structure, geometry validity, pipeline rules.",
            discussion: "Exit 0 when clean (warnings allowed), 1 on errors, 2 when a file cannot be read."
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: "Output: text (findings on stderr), json or github (annotations).")
        var format: OutputFormat = .text

        @Argument(help: "Zone files or directories (default: `zones` from pipeline.yml).")
        var paths: [String] = []

        func run(config: PipelineConfig) throws -> ExitCode {
            let zones = try ZoneLoader.load(paths: paths.isEmpty ? config.zones : paths, config: config, jobs: jobs)
            DiagnosticPrinter(format: format, verbose: global.verbose).print(zones.diagnostics, summary: [
                "files": zones.files.count, "features": zones.features.count,
            ])
            return zones.diagnostics.hasErrors ? .failure : .success
        }
    }
}
