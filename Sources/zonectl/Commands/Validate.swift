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
        @OptionGroup var output: OutputOptions

        @Argument(help: "Zone files or directories (default: `zones` from pipeline.yml).")
        var paths: [String] = []

        func validate() throws { try output.require([.text, .json, .github], for: "validate") }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let config = configFile.config
            let zones = try ZoneLoader.load(paths: paths.isEmpty ? config.zones : paths, config: config, jobs: jobs)
            // Point layers are checked when validating the configured sources (no paths given).
            let points = paths.isEmpty ? try PointValidation.check(config, jobs: jobs) : nil
            let diagnostics = zones.diagnostics + (points?.diagnostics ?? [])
            DiagnosticPrinter(format: output.format, verbose: global.verbose)
                .print(
                    diagnostics, files: zones.files.count + (points?.files ?? 0),
                    features: zones.features.count + (points?.points ?? 0))
            return diagnostics.hasErrors ? .failure : .success
        }
    }
}
