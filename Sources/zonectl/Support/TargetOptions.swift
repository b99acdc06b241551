import ArgumentParser
import ZonePipeline
import ZoneStores

/// `text` as a ``StoreLocation`` of one of `forms`; anything else is a usage error (exit 64)
/// naming `option` and the forms the command supports.
func storeLocation(_ text: String, accepting forms: Set<StoreLocation.Form>, option: String) throws -> StoreLocation {
    try usage { try StoreLocation(text, accepting: forms, option: option) }
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

/// The store a TARGET names (else publish.target), opened by ``StoreLocation/open(_:named:)``.
func openStore(_ target: String?, config: PipelineConfig, option: String = "--target") throws -> ObjectStore {
    let (text, location) = try usage { try StoreLocation.target(target, config: config, option: option) }
    return try location.open(config.publish, named: text)
}

/// The store a TARGET names, for a command that writes or deletes in it
/// (``StoreLocation/openForWriting(_:named:protecting:)``).
func openStoreForWriting(_ target: String?, config: PipelineConfig, protecting: [OwnedDirectory.Protected]) throws
    -> ObjectStore
{
    let (text, location) = try usage { try StoreLocation.target(target, config: config) }
    return try location.openForWriting(config.publish, named: text, protecting: protecting)
}

/// Options of the commands that talk to a target.
struct TargetOptions: ParsableArguments {
    @Option(help: "s3://bucket/prefix, or a directory / file:/// URL (default: publish.target from pipeline.yml).")
    var target: String?

    func validate() throws {
        if let target { _ = try storeLocation(target, accepting: [.directory, .s3], option: "--target") }
    }
}
