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
            try WalkNotes.print(
                [uncached.zones] + configFile.config.points.map(\.source), verbose: global.verbose)
            var request = try cached(uncached, build, also: [.init(outDir, "the build output")])
            request.written = directory.written
            let outcome = try request.run(
                previousVersion: BuildRequest.previousVersion(inOutput: outDir), recordRevision: true,
                progress: progress)
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
            try directory.replaceContents(
                with: built.files.map {
                    OwnedDirectory.File(
                        path: $0.path, bytes: $0.bytes, city: $0.city, identity: $0.identity,
                        isAlreadyWritten: $0.isAlreadyWritten)
                },
                last: ["manifest.json"], removingFirst: ["report.json"])
            guard output.format == .text else {
                // The bytes of report.json, as written (encoded once).
                let written = built.files.first { $0.path == "report.json" }?.bytes
                FileHandle.standardOutput.write(Data(try written ?? built.report.jsonBytes()))
                exitLeavingMemory()
            }
            let report = built.report
            printText(BuildTable(report: report).render())
            if let points = report.points { printText(PointTable(rows: points).render()) }
            for line in GapLines(gaps: report.gaps, closed: report.closed, config: configFile.config.gaps)
                .lines(verbose: global.verbose)
            {
                printText(line)
            }
            print(
                "\(plural(report.features.read, "feature")) read: \(report.features.built) built"
                    + (report.features.refused.isEmpty
                        ? ""
                        : ", \(report.features.refused.count) refused (listed in report.json; each one's finding with --verbose)")
            )
            if !report.vanished.isEmpty {
                // At most five named unless --verbose; report.json lists every one.
                let shown = global.verbose ? report.vanished[...] : report.vanished.prefix(5)
                let more = report.vanished.count - shown.count
                printText(
                    "\(report.vanished.count) vanished: "
                        + shown.map { "\($0.zone) (\(plural($0.polygons, "polygon")), \($0.reason))" }
                        .joined(separator: "; ")
                        + (more > 0 ? "; and \(more) more (all with --verbose or in report.json)" : ""))
            }
            let warnings = outcome.diagnostics.count
            let reused =
                report.cachedCities > 0
                ? ", \(report.cachedCities) of \(report.cities.count) cities unchanged (cache)" : ""
            printText(
                "wrote \(plural(built.files.count, "file")) to \(outDir)/ (manifest version \(built.manifest.version)\(reused))"
                    + (warnings > 0 ? "; \(plural(warnings, "warning")), shown with --verbose" : ""))
            exitLeavingMemory()
        }
    }
}
