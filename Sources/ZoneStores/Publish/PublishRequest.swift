import ZonePipeline

/// `zonectl publish`'s workflow: the build directory's artifacts uploaded to the target where it
/// lacks them, then its manifest.json switched conditionally (``Publisher``), or with `dryRun`
/// only the plan.
public struct PublishRequest {
    /// The target, opened for writing.
    public let store: any ObjectStore
    /// The build output published.
    public let buildDirectory: String
    public let publish: PublishConfig

    /// Opens `target` (else pipeline.yml's publish.target) for writing: a local store must be a
    /// directory zonectl owns that is none of the build's inputs nor `from` (else the config's
    /// output), the build directory. No target, or one of another form, is a usage error.
    public init(configFile: ConfigFile, target: String?, from: String?) throws {
        let config = configFile.config
        buildDirectory = from ?? config.output
        publish = config.publish
        let (text, location) = try StoreLocation.target(target, config: config)
        store = try location.openForWriting(
            config.publish, named: text,
            protecting: BuildRequest(configFile: configFile).inputs + [.init(buildDirectory, "the build output")])
    }

    /// The plan (with `dryRun`, all that is done), else the publish.
    public func run(dryRun: Bool) throws -> PublishReport {
        let plan = try PublishPlan.make(dist: buildDirectory, store: store)
        if dryRun {
            return .plan(
                PublishReport.Plan(
                    upToDate: plan.upToDate, target: store.name, uploads: plan.uploads.map(\.key),
                    sizes: plan.uploads.map(\.bytes.count), remoteVersion: plan.remote?.version,
                    counts: store.requestCounts))
        }
        let result = try Publisher(
            store: store, keepVersions: publish.keepVersions, manifestMaxAge: publish.manifestMaxAge
        ).publish(plan)
        return .published(
            PublishReport.Result(
                upToDate: result.upToDate, target: store.name, version: result.version, written: result.written,
                alreadyThere: result.alreadyThere, bytesWritten: result.bytesWritten, deleted: result.deleted,
                counts: store.requestCounts),
            retentionWarning: result.retentionWarning)
    }
}
