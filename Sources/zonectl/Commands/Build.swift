import ArgumentParser
import Foundation
import ZonePipeline

extension Zonectl {
    /// `zonectl build`: validate → geometry → styles → artifacts in the output directory.
    struct Build: ZonectlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the zone artifacts, manifest and report into the output directory.",
            discussion: """
                Validation errors stop the build before anything is written. The output directory \
                must be new, empty, or one zonectl built before (it holds a .zonectl-owned marker); \
                in it, only the files of the last build are replaced, manifest.json last.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: "Zone files or directories (default: `zones` from pipeline.yml).")
        var zones: [String] = []

        @Option(help: "Output directory (default: `output` from pipeline.yml).")
        var out: String?

        @Option(help: "Output: text (a table) or json (the report).")
        var format: OutputFormat = .text

        @Option(help: "Build cache directory: unchanged cities reuse their artifacts.")
        var cache: String = ".zonectl/cache"

        @Flag(help: "Rebuild every city, ignoring and not updating the cache.")
        var noCache = false

        func validate() throws {
            if format == .github { throw ValidationError("build supports --format text or json") }
        }

        func run(config: PipelineConfig) throws -> ExitCode {
            let outDir = out ?? config.output
            let sources = zones.isEmpty ? config.zones : zones
            let inputs = inputsToProtect(zones: sources)
            let outputDirectory = try OwnedDirectory.check(
                outDir, for: .buildOutput, protecting: inputs + (noCache ? [] : [.init(cache, "the build cache")]))
            let buildCache = try ownedCache(cache, disabled: noCache, protecting: inputs + [.init(outDir, "the build output")])
            let configBytes = global.config.flatMap { FileManager.default.contents(atPath: $0) }
                ?? FileManager.default.contents(atPath: "pipeline.yml") ?? Data()
            let previous = FileManager.default.contents(atPath: outDir + "/manifest.json")
                .flatMap { try? JSONDecoder().decode(Manifest.self, from: $0) }?.version
            let revision = GitRevision()
            let outcome = try BuildPipeline(config: config, jobs: jobs).run(
                paths: sources, configBytes: [UInt8](configBytes),
                revision: revision.value(), previousVersion: previous,
                cache: buildCache,
                progress: { if isatty(STDERR_FILENO) != 0 { printError("zonectl: " + $0) } })
            for d in outcome.diagnostics where d.severity == .error || format == .text && global.verbose {
                printError(d.description)
            }
            guard let output = outcome.output else {
                printError("build failed: \(outcome.diagnostics.count { $0.severity == .error }) error(s); nothing was written")
                return .failure
            }
            try outputDirectory.replaceContents(
                with: output.files.map { OwnedDirectory.File(path: $0.path, bytes: $0.bytes, city: $0.city) }, last: ["manifest.json"])
            switch format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(output.report), as: UTF8.self))
            default:
                print(BuildTable(report: output.report).render())
                let account = output.report.features
                print("\(plural(account.read, "feature")) read: \(account.built) built" +
                      (account.refused.isEmpty ? "" : ", \(account.refused.count) refused (listed in report.json; each one's finding with --verbose)"))
                let warnings = outcome.diagnostics.count
                let reused = output.report.cachedCities > 0 ? ", \(output.report.cachedCities) of \(output.report.cities.count) cities unchanged (cache)" : ""
                print("wrote \(plural(output.files.count, "file")) to \(outDir)/ (manifest version \(output.manifest.version)\(reused))" +
                      (warnings > 0 ? "; \(warnings) warning(s), shown with --verbose" : ""))
            }
            return .success
        }
    }
}

/// Size and modification time of the running executable: a new zonectl never reuses what an
/// older one cached.
func executableIdentity() -> String {
    let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
    let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    return "\(size)-\(modified)"
}

/// `git rev-parse HEAD` of the working directory, run in the background: started before the
/// build and read when the manifest is made (starting git costs as much as an incremental
/// build's own work). nil when this is not a git work tree.
final class GitRevision {
    private let process = Process()
    private let pipe = Pipe()
    private let started: Bool

    init() {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "HEAD"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        started = (try? process.run()) != nil
    }

    /// Waits for git and returns the revision.
    func value() -> String? {
        guard started else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
