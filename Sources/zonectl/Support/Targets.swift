import ArgumentParser
import ZonePipeline

/// The store a TARGET names: `s3://bucket/prefix`, or a directory path / `file://` URL.
func openStore(_ target: String?, config: PipelineConfig, option: String = "--target") throws -> ObjectStore {
    guard let target = target ?? config.publish.target else {
        throw ValidationError("no target: give \(option), or publish.target in pipeline.yml")
    }
    if target.hasPrefix("s3://") {
        do {
            return try S3ObjectStore(target: target, config: config.publish)
        } catch {
            throw TargetError(message: "\(target): \(error)")
        }
    }
    return LocalStore(root: target)
}

/// The store a TARGET names, for a command that writes or deletes in it: a local store must be
/// a directory zonectl owns (``OwnedDirectory``), checked before anything is done.
func openStoreForWriting(_ target: String?, config: PipelineConfig, protecting: [OwnedDirectory.Protected]) throws
    -> ObjectStore
{
    let store = try openStore(target, config: config)
    if let local = store as? LocalStore {
        try OwnedDirectory.check(local.root, for: .store, protecting: protecting).prepare()
    }
    return store
}

/// Options of the commands that talk to a target.
struct TargetOptions: ParsableArguments {
    @Option(help: "s3://bucket/prefix, or a directory / file:// URL (default: publish.target from pipeline.yml).")
    var target: String?
}

/// A target that cannot be opened (bad endpoint, no credentials): a runtime failure, exit 2.
struct TargetError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
