import ArgumentParser
import Foundation
import ZonePipeline

extension Zonectl {
    /// `zonectl build`: validate → geometry → styles → artifacts in the output directory.
    struct Build: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Build the zone artifacts, manifest and report into the output directory.",
            discussion: """
                Validation errors stop the build before anything is written. The output directory \
                must be new, empty, or one zonectl built before (it holds a .zonectl-owned marker); \
                in it, only the files of the last build are replaced, manifest.json last.
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var build: BuildOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "Output directory (default: `output` from pipeline.yml).")
        var out: String?

        func validate() throws { try output.require([.text, .json], for: "build") }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let outDir = out ?? configFile.config.output
            let uncached = buildRequest(configFile, build)
            let directory = try OwnedDirectory.check(
                outDir, for: .buildOutput,
                protecting: uncached.inputs + (build.noCache ? [] : [.init(build.cache, "the build cache")]))
            let sources = [uncached.zones] + configFile.config.points.map(\.source)
            for note in try ZoneFiles.walkNotes(sources, verbose: global.verbose) { printError(note) }
            let request = try cached(uncached, build, also: [.init(outDir, "the build output")])
            let outcome = try request.write(to: directory, progress: progress)
            // Read once: an option group's value is looked up generically on every access, which
            // for each of tens of thousands of warnings was a large part of a one-city rebuild.
            let showsWarnings = output.format == .text && global.verbose
            // By index: a `for d in` loop copied (retained, then released) each warning.
            for i in outcome.diagnostics.indices where showsWarnings || outcome.diagnostics[i].severity == .error {
                printError(terminalSafe(outcome.diagnostics[i].description))
            }
            guard let built = outcome.output else {
                printError(
                    "build failed: \(plural(outcome.diagnostics.count { $0.severity == .error }, "error")); nothing was written"
                )
                return .failure
            }
            guard output.format == .text else {
                // The bytes of report.json, as written (encoded once).
                let written = built.files.first { $0.path == "report.json" }?.bytes
                FileHandle.standardOutput.write(Data(try written ?? built.report.jsonBytes()))
                exitLeavingMemory()
            }
            printText(built.report.table)
            if let points = built.report.pointTable { printText(points) }
            let gaps = GapLines(gaps: built.report.gaps, closed: built.report.closed, config: configFile.config.gaps)
            for line in gaps.lines(verbose: global.verbose) { printText(line) }
            let summary = built.summaryLines(
                writtenTo: outDir, warnings: outcome.diagnostics.count, verbose: global.verbose)
            for line in summary { printText(line) }
            exitLeavingMemory()
        }
    }
}
