import ArgumentParser
import URLRedaction
import ZonePipeline

/// `text` as a ``StoreLocation`` of one of `forms`; anything else is a usage error (exit 64)
/// naming `option` and the forms the command supports.
func storeLocation(_ text: String, accepting forms: Set<StoreLocation.Form>, option: String) throws -> StoreLocation {
    do {
        return try StoreLocation(text, accepting: forms, option: option)
    } catch {
        throw ValidationError(error.message)
    }
}

/// The local directory `text` names (a path or `file:` URL); anything else is a usage error,
/// with `hint` after the reason.
func localDirectory(_ text: String, option: String, hint: String = "") throws -> String {
    do {
        if case .directory(let path) = try StoreLocation(text, accepting: [.directory], option: option) { return path }
    } catch {
        throw ValidationError(error.message + hint)
    }
    throw ValidationError("\(option) \(text): not a local directory" + hint)  // not reached: only directories parse
}

/// The store a TARGET names: `s3://bucket/prefix`, or a directory path / `file:` URL.
func openStore(_ target: String?, config: PipelineConfig, option: String = "--target") throws -> ObjectStore {
    guard let target = target ?? config.publish.target else {
        throw ValidationError("no target: give \(option), or publish.target in pipeline.yml")
    }
    let location = try storeLocation(
        target, accepting: [.directory, .s3], option: target == config.publish.target ? "publish.target" : option)
    switch location {
    case .directory(let path):
        return LocalStore(root: path)
    case .s3(let bucket, let prefix):
        do {
            return try S3ObjectStore(bucket: bucket, prefix: prefix, config: config.publish)
        } catch {
            throw TargetError(message: redactingURLCredentials("\(target): \(error)"))
        }
    case .http:
        throw ValidationError("\(option) \(location.description): publish targets are directories or s3:// prefixes")
    }
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
    @Option(help: "s3://bucket/prefix, or a directory / file:/// URL (default: publish.target from pipeline.yml).")
    var target: String?

    func validate() throws {
        if let target { _ = try storeLocation(target, accepting: [.directory, .s3], option: "--target") }
    }
}

/// A target that cannot be opened (bad endpoint, no credentials): a runtime failure, exit 2.
struct TargetError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
