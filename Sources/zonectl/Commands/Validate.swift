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
            try WalkNotes.print(
                paths.isEmpty ? [config.zones] + config.points.map(\.source) : [paths], verbose: global.verbose)
            // The build's own first steps (scan, feature account), so validate passes exactly
            // what the build accepts; point layers when validating the configured sources.
            let checked = try BuildPipeline(config: configFile.config, jobs: jobs)
                .check(paths: paths.isEmpty ? nil : paths)
            let points = paths.isEmpty ? try PointValidation.check(configFile.config, jobs: jobs) : nil
            let diagnostics = checked.diagnostics + (points?.diagnostics ?? [])
            // Gaps between zones need the geometry: the build runs in memory (nothing written).
            var gaps: [GapFinding] = []
            if !diagnostics.hasErrors && configFile.config.gaps.reportM > 0 {
                gaps =
                    try BuildRequest(configFile: configFile, zones: paths, jobs: jobs)
                    .run(previousVersion: nil, recordRevision: false).output?.report.gaps ?? []
            }
            DiagnosticPrinter(format: output.format, verbose: global.verbose)
                .print(
                    diagnostics, files: checked.files.count + (points?.files ?? 0),
                    features: checked.features.count + (points?.points ?? 0), gaps: gaps)
            if output.format == .text {
                let lines = GapLines(gaps: gaps, closed: [], config: configFile.config.gaps)
                for line in lines.lines(verbose: global.verbose) { printText(line) }
            }
            return diagnostics.hasErrors ? .failure : .success
        }
    }
}
