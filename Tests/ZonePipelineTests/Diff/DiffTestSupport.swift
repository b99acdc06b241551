import Foundation
import Synchronization
import Testing
import ZoneFormats

@testable import ZonePipeline

/// A build of real city fixtures made in memory, as `zonectl diff` makes its "after".
/// `files` are names in zones-real or absolute paths; the style definitions stand in for
/// pipeline.yml's bytes in the manifest's config hash.
func buildInMemory(_ files: [String], definitions: [String: JSONObject] = [:]) throws -> BuildOutput {
    var config = PipelineConfig.default
    config.zones = files.map { $0.hasPrefix("/") ? $0 : zonesRealDirectory.appendingPathComponent($0).path }
    config.styles.definitions = definitions
    let outcome = try BuildPipeline(config: config, jobs: 2).run(
        configBytes: Array("\(definitions.keys.sorted())".utf8), revision: nil, previousVersion: nil)
    return try #require(outcome.output, "\(outcome.diagnostics.filter { $0.severity == .error })")
}

/// A snapshot of a build's files that records which keys were read, and can serve altered
/// bytes for some keys (a corrupted store).
final class RecordingSnapshot: Sendable {
    let files: [String: [UInt8]]
    let manifest: Manifest
    private let reads = Mutex<[String]>([])

    init(_ output: BuildOutput, replacing replacements: [String: [UInt8]] = [:]) {
        var files = Dictionary(output.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        files.merge(replacements) { _, new in new }
        self.files = files
        manifest = output.manifest
    }

    var keysRead: [String] { reads.withLock { $0 } }

    var snapshot: ZoneSnapshot {
        ZoneSnapshot(name: "recorded", manifest: manifest) { [self] key in
            reads.withLock { $0.append(key) }
            return files[key]
        }
    }
}
