import ArgumentParser
import Foundation
import ZonePipeline

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
            let pictures = try svg.map {
                try OwnedDirectory.check(
                    $0, for: .pictures,
                    protecting: uncached.inputs + (build.noCache ? [] : [.init(build.cache, "the build cache")]),
                    force: force)
            }
            let request = try cached(uncached, build, also: svg.map { [.init($0, "the SVG directory")] } ?? [])
            let before = try snapshot(of: try targetStore(config: configFile.config))
            let outcome = try request.run(
                previousVersion: before.manifest?.version, recordRevision: false, progress: progress)
            let showsWarnings = global.verbose  // read once (see Build)
            for d in outcome.diagnostics where d.severity == .error || showsWarnings {
                printError(terminalSafe(d.description))
            }
            guard let built = outcome.output else {
                throw WorkingZonesDoNotBuild(errors: outcome.diagnostics.count { $0.severity == .error })
            }
            let after = ZoneSnapshot.built(built, name: "working zones")
            var diff = try ZoneDiffer(groupBy: configFile.config.groupBy, jobs: jobs, keepLayers: svg != nil).diff(
                before, after)
            diff.closedGaps = built.report.closed
            if let pictures { try writePictures(diff, to: pictures) }
            switch output.format {
            case .markdown: printText(DiffMarkdownReport(diff).render(), terminator: "")
            case .json: print(String(decoding: try diff.jsonBytes(), as: UTF8.self), terminator: "")
            default:
                printText(DiffTextReport(diff).render())
                for line in GapLines(gaps: [], closed: diff.closedGaps, config: configFile.config.gaps).lines(
                    verbose: false)
                {
                    printText(line)
                }
            }
            return exitCode && diff.hasChanges ? .failure : .success
        }

        /// `--target` (formerly `--against`).
        private var targetOption: String? {
            get throws { try renamed(target, old: against, name: "--target", oldName: "--against") }
        }

        /// The store to compare with: `--target`, else publish.target.
        private func targetStore(config: PipelineConfig) throws -> ObjectStore {
            let target = try targetOption
            if let target,
                case .directory(let path) = try storeLocation(target, accepting: [.directory, .s3], option: "--target")
            {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
                else {
                    throw TargetError(message: "\(target): no such directory")
                }
            }
            return try openStore(target, config: config, option: "--target")
        }

        /// What the store serves; a store with no manifest.json yet compares as empty.
        private func snapshot(of store: ObjectStore) throws -> ZoneSnapshot {
            let snapshot = try ZoneSnapshot.published(store)
            if snapshot.manifest == nil {
                printError("zonectl diff: note: \(store.name) has no manifest.json; every city is new")
            }
            return snapshot
        }

        /// One SVG per city that is not unchanged, named after its artifact folder; the SVGs of
        /// the last diff written there are replaced.
        private func writePictures(_ diff: ZoneDiff, to directory: OwnedDirectory) throws {
            let files = diff.cities.filter { $0.status != .unchanged }.compactMap { city in
                DiffSVG().render(city).map {
                    OwnedDirectory.File(path: city.folder + ".svg", bytes: Array($0.utf8), city: city.city)
                }
            }
            try directory.replaceContents(with: files)
            printError("zonectl diff: wrote \(plural(files.count, "SVG file")) to \(directory.path)/")
        }
    }
}

/// The working zones have errors: `diff` has nothing to compare (a runtime failure, exit 2).
struct WorkingZonesDoNotBuild: Error, CustomStringConvertible {
    var errors: Int
    var description: String { "the working zones do not build: \(plural(errors, "error"))" }
}
