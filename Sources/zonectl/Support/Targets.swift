import ArgumentParser
import ZonePipeline

/// The store a TARGET names: `s3://bucket/prefix`, or a directory path / `file://` URL.
func openStore(_ target: String?, config: PipelineConfig) throws -> ObjectStore {
    guard let target = target ?? config.publish.target else {
        throw ValidationError("no target: give --target, or publish.target in pipeline.yml")
    }
    if target.hasPrefix("s3://") {
        throw ValidationError("S3 targets are not available in this version yet; publish to a directory (the local store)")
    }
    return LocalStore(root: target)
}

/// Options of the commands that talk to a target.
struct TargetOptions: ParsableArguments {
    @Option(help: "s3://bucket/prefix, or a directory / file:// URL (default: publish.target from pipeline.yml).")
    var target: String?
}
