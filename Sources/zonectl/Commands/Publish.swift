import ArgumentParser
import ZonePipeline
import ZoneStores

extension Zonectl {
    /// `zonectl publish`: upload what the target lacks, then switch its manifest.json.
    struct Publish: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "publish",
            abstract: "Publish the build to the target: artifacts first, manifest.json last, conditionally.",
            discussion: "A failed or lost publish leaves the target's previous manifest.json untouched."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var targetOptions: TargetOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "The build directory (default: `output` from pipeline.yml).")
        var from: String?

        @Option(name: .customLong("dist"), help: .hidden)
        var dist: String?

        @Flag(help: "Print the plan (objects, bytes) and change nothing.")
        var dryRun = false

        func validate() throws {
            try output.require([.text, .json], for: "publish")
            _ = try buildDirectoryOption
        }

        /// `--from` (formerly `--dist`).
        private var buildDirectoryOption: String? {
            get throws { try renamed(from, old: dist, name: "--from", oldName: "--dist") }
        }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let request = try PublishRequest(
                configFile: configFile, target: targetOptions.target, from: try buildDirectoryOption)
            let report: PublishReport
            do { report = try request.run(dryRun: dryRun) } catch {
                if let counts = request.store.requestCounts {
                    printError("zonectl publish: requests: \(counts.summary)")
                }
                throw error
            }
            if output.format == .json { try printJSON(report) } else { for line in report.lines { printText(line) } }
            if let warning = report.retentionWarning {
                printError("zonectl publish: warning: old versions were not removed: \(warning)")
            }
            return .success
        }
    }
}
