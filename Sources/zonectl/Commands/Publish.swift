import ArgumentParser
import Foundation
import ZonePipeline

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
            let config = configFile.config
            let buildDirectory = try buildDirectoryOption ?? config.output
            let inputs = BuildRequest(configFile: configFile).inputs + [.init(buildDirectory, "the build output")]
            let store = try openStoreForWriting(targetOptions.target, config: config, protecting: inputs)
            do {
                let plan = try PublishPlan.make(dist: buildDirectory, store: store)
                if dryRun {
                    try report(plan: plan, store: store)
                    return .success
                }
                let result = try Publisher(
                    store: store, keepVersions: config.publish.keepVersions,
                    manifestMaxAge: config.publish.manifestMaxAge
                ).publish(plan)
                try report(result: result, store: store)
                if let warning = result.retentionWarning {
                    printError("zonectl publish: warning: old versions were not removed: \(warning)")
                }
                return .success
            } catch {
                if let counts = store.requestCounts { printError("zonectl publish: requests: \(counts.summary)") }
                throw error
            }
        }

        private func report(plan: PublishPlan, store: ObjectStore) throws {
            if output.format == .json {
                try printJSON(
                    PlanReport(
                        upToDate: plan.upToDate, target: store.name, uploads: plan.uploads.map(\.key),
                        bytes: plan.uploadBytes, remoteVersion: plan.remote?.version,
                        requests: store.requestCounts?.sent, retries: store.requestCounts?.retries))
                return
            }
            if plan.upToDate {
                printText("up to date: \(store.name) already serves version \(plan.remote?.version ?? "?")")
            } else {
                printText(
                    "would upload \(plural(plan.uploads.count, "object")), \(plan.uploadBytes) bytes, then manifests/<version>.json and manifest.json to \(store.name)"
                )
                for u in plan.uploads { printText("  \(u.key)  \(u.bytes.count) bytes") }
            }
            if let counts = store.requestCounts { printText("requests: \(counts.summary)") }
        }

        private func report(result: PublishResult, store: ObjectStore) throws {
            if output.format == .json {
                try printJSON(
                    ResultReport(
                        upToDate: result.upToDate, target: store.name, version: result.version,
                        written: result.written, alreadyThere: result.alreadyThere,
                        bytesWritten: result.bytesWritten, deleted: result.deleted,
                        requests: store.requestCounts?.sent, retries: store.requestCounts?.retries))
                return
            }
            if result.upToDate {
                printText("up to date: \(store.name) already serves version \(result.version)")
            } else {
                printText(
                    "published version \(result.version) to \(store.name): \(plural(result.written.count, "object")) written, \(result.bytesWritten) bytes"
                        + (result.alreadyThere.isEmpty ? "" : ", \(result.alreadyThere.count) already there")
                        + (result.deleted.isEmpty ? "" : ", \(result.deleted.count) removed by retention"))
                printText("manifest: \(store.name.hasSuffix("/") ? store.name : store.name + "/")manifest.json")
            }
            if let counts = store.requestCounts { printText("requests: \(counts.summary)") }
        }
    }
}

/// `publish --dry-run --format json`. `requests` and `retries` (by HTTP method) only for stores
/// reached over HTTP; `remoteVersion` is null when the target serves nothing yet.
struct PlanReport: Encodable {
    var dryRun = true
    var upToDate: Bool
    var target: String
    var uploads: [String]
    var bytes: Int
    var remoteVersion: String?
    var requests: [String: Int]?
    var retries: [String: Int]?

    init(
        upToDate: Bool, target: String, uploads: [String], bytes: Int, remoteVersion: String?, requests: [String: Int]?,
        retries: [String: Int]?
    ) {
        (self.upToDate, self.target, self.uploads, self.bytes) = (upToDate, target, uploads, bytes)
        (self.remoteVersion, self.requests, self.retries) = (remoteVersion, requests, retries)
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(dryRun, forKey: .dryRun)
        try c.encode(upToDate, forKey: .upToDate)
        try c.encode(target, forKey: .target)
        try c.encode(uploads, forKey: .uploads)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(remoteVersion, forKey: .remoteVersion)  // null, not absent
        try c.encodeIfPresent(requests, forKey: .requests)
        try c.encodeIfPresent(retries, forKey: .retries)
    }

    enum CodingKeys: String, CodingKey {
        case dryRun, upToDate, target, uploads, bytes, remoteVersion, requests, retries
    }
}

/// `publish --format json`.
struct ResultReport: Encodable {
    var upToDate: Bool
    var target: String
    var version: String
    var written: [String]
    var alreadyThere: [String]
    var bytesWritten: Int
    var deleted: [String]
    var requests: [String: Int]?
    var retries: [String: Int]?
}
