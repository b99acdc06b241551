import ArgumentParser
import Foundation
import ZonePipeline
import ZoneStores

extension Zonectl {
    /// `zonectl diff`: build the working zones in memory and compare with what is published.
    struct Diff: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Build the working zones in memory and show what would change against the published version.",
            discussion: """
                Nothing is written to the output directory and nothing is uploaded (the build cache \
                may be used). Areas are in \(ZoneDiff.areaMethod). Exit 0 (also when something \
                changed, unless --exit-code), 1 with --exit-code when something changed, 2 on failure.
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var build: BuildOptions
        @OptionGroup var output: OutputOptions

        @Option(
            help: ArgumentHelp(
                "Compare with: s3://bucket/prefix, a local store or build directory, or a file:// URL (default: publish.target from pipeline.yml).",
                valueName: "target|dir"))
        var target: String?

        @Option(name: .customLong("against"), help: .hidden)
        var against: String?

        @Option(
            help: ArgumentHelp(
                "Write one SVG per changed city (before/after overlay) into this directory.", valueName: "dir"))
        var svg: String?

        @Flag(help: "Write the SVGs into --svg even if it is a non-empty directory zonectl did not make.")
        var force = false

        @Flag(help: "Exit 1 when something changed (as `git diff --exit-code`).")
        var exitCode = false

        func validate() throws {
            try output.require([.text, .markdown, .json], for: "diff")
            if let target = try targetOption {
                _ = try storeLocation(target, accepting: [.directory, .s3], option: "--target")
            }
        }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let uncached = buildRequest(configFile, build)
            let cache: [OwnedDirectory.Protected] = build.noCache ? [] : [.init(build.cache, "the build cache")]
            let pictures = try svg.map {
                try OwnedDirectory.check($0, for: .pictures, protecting: uncached.inputs + cache, force: force)
            }
            let request = try cached(uncached, build, also: svg.map { [.init($0, "the SVG directory")] } ?? [])
            let target = try StoreLocation.openExisting(try targetOption, config: configFile.config)
            let outcome = try DiffRequest(build: request, target: target, pictures: svg != nil).run(progress: progress)
            for note in outcome.notes { printError("zonectl diff: note: \(note)") }
            let showsWarnings = global.verbose  // read once (see Build)
            for d in outcome.diagnostics where d.severity == .error || showsWarnings {
                printError(terminalSafe(d.description))
            }
            guard let diff = outcome.diff else {
                throw WorkingZonesDoNotBuild(errors: outcome.diagnostics.count { $0.severity == .error })
            }
            if let pictures {
                try pictures.replaceContents(with: outcome.pictures)
                printError("zonectl diff: wrote \(plural(outcome.pictures.count, "SVG file")) to \(pictures.path)/")
            }
            if output.format == .json {
                print(String(decoding: try diff.jsonBytes(), as: UTF8.self), terminator: "")
            } else {
                printText(
                    diff.report(markdown: output.format == .markdown, gaps: configFile.config.gaps), terminator: "")
            }
            return exitCode && diff.hasChanges ? .failure : .success
        }

        /// `--target` (formerly `--against`).
        private var targetOption: String? {
            get throws { try renamed(target, old: against, name: "--target", oldName: "--against") }
        }
    }
}
