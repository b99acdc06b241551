import ArgumentParser
import Foundation
import ZonePipeline

extension Zonectl {
    /// `zonectl diff`: build the working zones in memory and compare with what is published.
    struct Diff: ZonectlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the working zones in memory and show what would change against the published version.",
            discussion: """
                Nothing is written to the output directory and nothing is uploaded (the build cache \
                may be used). Areas are in \(ZoneDiff.areaMethod). Exit 0 (also when something \
                changed, unless --exit-code), 1 with --exit-code when something changed, 2 on failure.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("Compare with: s3://bucket/prefix, a local store or build directory, or a file:// URL (default: publish.target from pipeline.yml).",
                                   valueName: "target|dir"))
        var against: String?

        @Option(help: "Zone files or directories (default: `zones` from pipeline.yml).")
        var zones: [String] = []

        @Option(help: "Output: text (tables), markdown (a pull-request comment) or json.")
        var format: DiffFormat = .text

        @Option(help: ArgumentHelp("Write one SVG per changed city (before/after overlay) into this directory.", valueName: "dir"))
        var svg: String?

        @Flag(help: "Exit 1 when something changed (as `git diff --exit-code`).")
        var exitCode = false

        @Option(help: "Build cache directory: unchanged cities reuse their artifacts.")
        var cache: String = ".zonectl/cache"

        @Flag(help: "Rebuild every city, ignoring and not updating the cache.")
        var noCache = false

        func run(config: PipelineConfig) throws -> ExitCode {
            let sources = zones.isEmpty ? config.zones : zones
            let inputs = inputsToProtect(zones: sources)
            let pictures = try svg.map { try OwnedDirectory.check($0, for: .pictures, protecting: inputs + [.init(cache, "the build cache")]) }
            let buildCache = try ownedCache(cache, disabled: noCache, protecting: inputs + (svg.map { [.init($0, "the SVG directory")] } ?? []))
            let before = try snapshot(of: try targetStore(config: config))
            let configBytes = global.config.flatMap { FileManager.default.contents(atPath: $0) }
                ?? FileManager.default.contents(atPath: "pipeline.yml") ?? Data()
            let outcome = try BuildPipeline(config: config, jobs: jobs).run(
                paths: sources, configBytes: [UInt8](configBytes),
                revision: nil, previousVersion: before.manifest?.version,
                cache: buildCache,
                progress: { if isatty(STDERR_FILENO) != 0 { printError("zonectl: " + $0) } })
            for d in outcome.diagnostics where d.severity == .error || global.verbose { printError(d.description) }
            guard let output = outcome.output else {
                printError("zonectl diff: error: the working zones do not build: \(outcome.diagnostics.count { $0.severity == .error }) error(s)")
                return ExitCode(2)
            }
            let after = ZoneSnapshot.built(output, name: "working zones")
            let diff: ZoneDiff
            do {
                diff = try ZoneDiffer(groupBy: config.groupBy, jobs: jobs, keepLayers: svg != nil).diff(before, after)
            } catch {
                printError("zonectl diff: error: \(error)")
                return ExitCode(2)
            }
            if let pictures { try writePictures(diff, to: pictures) }
            switch format {
            case .text: print(DiffTextReport(diff).render())
            case .markdown: print(DiffMarkdownReport(diff).render(), terminator: "")
            case .json: print(String(decoding: try diff.jsonBytes(), as: UTF8.self), terminator: "")
            }
            return exitCode && diff.hasChanges ? .failure : .success
        }

        /// The store to compare with: `--against`, else publish.target.
        private func targetStore(config: PipelineConfig) throws -> ObjectStore {
            if let against, !against.hasPrefix("s3://") {
                let path = against.hasPrefix("file://") ? String(against.dropFirst("file://".count)) : against
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw TargetError(message: "\(against): no such directory")
                }
            }
            return try openStore(against, config: config, option: "--against")
        }

        /// What the store serves; a store with no manifest.json yet compares as empty.
        private func snapshot(of store: ObjectStore) throws -> ZoneSnapshot {
            do {
                let snapshot = try ZoneSnapshot.published(store)
                if snapshot.manifest == nil { printError("zonectl diff: note: \(store.name) has no manifest.json; every city is new") }
                return snapshot
            } catch {
                throw TargetError(message: "\(error)")
            }
        }

        /// One SVG per city that is not unchanged, named after its artifact folder; the SVGs of
        /// the last diff written there are replaced.
        private func writePictures(_ diff: ZoneDiff, to directory: OwnedDirectory) throws {
            let files = diff.cities.filter { $0.status != .unchanged }.compactMap { city in
                DiffSVG().render(city).map { OwnedDirectory.File(path: city.folder + ".svg", bytes: Array($0.utf8), city: city.city) }
            }
            try directory.replaceContents(with: files)
            printError("zonectl diff: wrote \(files.count) SVG file(s) to \(directory.path)/")
        }
    }
}

/// Output formats of `zonectl diff`.
enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case text, markdown, json
}
