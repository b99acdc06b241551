import Foundation
import ZoneFormats
import ZoneSupport

/// One build as asked for, the single entry point of `zonectl build` and `zonectl diff` (which
/// builds in memory): pipeline.yml read once, the zone sources, the cache and threads.
public struct BuildRequest: Sendable {
    public var configFile: ConfigFile
    /// The zone files or folders: those given, else the config's `zones`.
    public var zones: [String]
    public var cache: BuildCache?
    public var jobs: Int
    /// The output directory's records (``WrittenFiles``): a cached city's artifact that it holds
    /// already is not read.
    public var written: WrittenFiles?

    public var config: PipelineConfig { configFile.config }

    public init(configFile: ConfigFile, zones: [String] = [], cache: BuildCache? = nil, jobs: Int = defaultJobs) {
        self.configFile = configFile
        self.zones = zones.isEmpty ? configFile.config.zones : zones
        self.cache = cache
        self.jobs = jobs
    }

    /// What a local write must never touch: the zone sources and the config file.
    public var inputs: [OwnedDirectory.Protected] {
        zones.map { OwnedDirectory.Protected($0, "the zone sources") }
            + (configFile.path.map { [OwnedDirectory.Protected($0, "the config")] } ?? [])
    }

    /// The version of the build in the output `directory`, if any: the next one's `previous`.
    /// Read with the pipeline's own JSON reader (JSONDecoder was a serial part of a one-city
    /// rebuild); a file that is not a manifest (no integer `schema`) has none.
    public static func previousVersion(inOutput directory: String) -> String? {
        guard let bytes = readWholeFile(directory + "/manifest.json"),
            case .object(let manifest)? = try? JSONScanner.document(bytes),
            case .number(let schema)? = manifest["schema"],
            schema == schema.rounded()
        else { return nil }
        return manifest["version"]?.stringValue
    }

    /// Runs the build (``BuildPipeline/run(paths:configBytes:revision:previousVersion:cache:now:progress:)``).
    /// With `recordRevision`, git is asked for the working tree's revision meanwhile.
    public func run(
        previousVersion: String?, recordRevision: Bool, now: Date = Date(),
        progress: (String) -> Void = { _ in }
    ) throws -> BuildPipeline.Outcome {
        let git = recordRevision ? GitRevision() : nil
        return try BuildPipeline(config: config, jobs: jobs).run(
            paths: zones, configBytes: configFile.bytes, revision: git?.value(), previousVersion: previousVersion,
            cache: cache, written: written, now: now, progress: progress)
    }
}
