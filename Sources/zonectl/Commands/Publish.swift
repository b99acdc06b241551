import ArgumentParser
import Foundation
import ZonePipeline

extension Zonectl {
    /// `zonectl publish`: upload what the target lacks, then switch its manifest.json.
    struct Publish: ZonectlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish the build to the target: artifacts first, manifest.json last, conditionally.",
            discussion: "A failed or lost publish leaves the target's previous manifest.json untouched."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var targetOptions: TargetOptions

        @Option(help: "The build directory (default: `output` from pipeline.yml).")
        var dist: String?

        @Flag(help: "Print the plan (objects, bytes) and change nothing.")
        var dryRun = false

        @Option(help: "Output: text or json.")
        var format: OutputFormat = .text

        func run(config: PipelineConfig) throws -> ExitCode {
            let buildDirectory = dist ?? config.output
            let store = try openStoreForWriting(targetOptions.target, config: config, protecting: inputsToProtect(zones: config.zones)
                                                + [.init(buildDirectory, "the build output")])
            do {
                let plan = try PublishPlan.make(dist: buildDirectory, store: store)
                if dryRun {
                    report(plan: plan, store: store)
                    return .success
                }
                let result = try Publisher(store: store, keepVersions: config.publish.keepVersions,
                                           manifestMaxAge: config.publish.manifestMaxAge).publish(plan)
                report(result: result, store: store)
                if let warning = result.retentionWarning { printError("zonectl publish: warning: old versions were not removed: \(warning)") }
                return .success
            } catch {
                printError("zonectl publish: error: \(error)")
                if let counts = store.requestCounts { printError("zonectl publish: requests: \(counts.summary)") }
                return ExitCode(2)
            }
        }

        private func report(plan: PublishPlan, store: ObjectStore) {
            if format == .json {
                printJSON(["dryRun": true, "upToDate": plan.upToDate, "target": store.name,
                           "uploads": plan.uploads.map(\.key), "bytes": plan.uploadBytes,
                           "remoteVersion": plan.remote?.version ?? NSNull()].merging(requestFields(store)) { a, _ in a })
                return
            }
            if plan.upToDate {
                print("up to date: \(store.name) already serves version \(plan.remote?.version ?? "?")")
            } else {
                print("would upload \(plan.uploads.count) object(s), \(plan.uploadBytes) bytes, then manifests/<version>.json and manifest.json to \(store.name)")
                for u in plan.uploads { print("  \(u.key)  \(u.bytes.count) bytes") }
            }
            if let counts = store.requestCounts { print("requests: \(counts.summary)") }
        }

        private func report(result: PublishResult, store: ObjectStore) {
            if format == .json {
                printJSON(["upToDate": result.upToDate, "target": store.name, "version": result.version,
                           "written": result.written, "alreadyThere": result.alreadyThere,
                           "bytesWritten": result.bytesWritten, "deleted": result.deleted].merging(requestFields(store)) { a, _ in a })
                return
            }
            if result.upToDate {
                print("up to date: \(store.name) already serves version \(result.version)")
            } else {
                print("published version \(result.version) to \(store.name): \(result.written.count) object(s) written, \(result.bytesWritten) bytes" +
                      (result.alreadyThere.isEmpty ? "" : ", \(result.alreadyThere.count) already there") +
                      (result.deleted.isEmpty ? "" : ", \(result.deleted.count) removed by retention"))
                print("manifest: \(store.name.hasSuffix("/") ? store.name : store.name + "/")manifest.json")
            }
            if let counts = store.requestCounts { print("requests: \(counts.summary)") }
        }

        /// `requests` and `retries` by HTTP method, for stores reached over HTTP.
        private func requestFields(_ store: ObjectStore) -> [String: Any] {
            guard let counts = store.requestCounts else { return [:] }
            return ["requests": counts.sent, "retries": counts.retries]
        }
    }
}

/// Prints a JSON object (sorted keys) on stdout.
func printJSON(_ object: [String: Any]) {
    if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) {
        print(String(decoding: data, as: UTF8.self))
    }
}
