import Foundation
import ZoneClientCore
import ZonePipeline

/// Every store a command names is opened here: a location (``StoreLocation``, parsed once)
/// becomes a store by ``StoreLocation/open(_:named:)`` and nowhere else.
extension StoreLocation {
    /// A command's target: `text` (its `option`), else pipeline.yml's `publish.target`, as one
    /// of `forms`. No target at all (``OptionError``), or one of another form
    /// (``StoreLocationError``), is a usage error.
    public static func target(
        _ text: String?, config: PipelineConfig, option: String = "--target",
        accepting forms: Set<Form> = [.directory, .s3]
    ) throws -> (text: String, location: StoreLocation) {
        guard let text = text ?? config.publish.target else {
            throw OptionError("no target: give \(option), or publish.target in pipeline.yml")
        }
        let named = text == config.publish.target ? "publish.target" : option
        return (text, try StoreLocation(text, accepting: forms, option: named))
    }

    /// The store of a command that compares with it: as ``target(_:config:option:accepting:)``
    /// then ``open(_:named:)``, but a `text` directory that does not exist is a ``TargetError``.
    public static func openExisting(_ text: String?, config: PipelineConfig, option: String = "--target") throws
        -> any ObjectStore
    {
        let (name, location) = try target(text, config: config, option: option)
        if text != nil, case .directory(let path) = location {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw TargetError(message: "\(name): no such directory")
            }
        }
        return try location.open(config.publish, named: name)
    }

    /// The store here: a directory as a ``LocalStore``, an S3 prefix as an ``S3ObjectStore`` with
    /// `publish`'s settings. One that cannot be opened (bad endpoint, no credentials) is a
    /// ``TargetError`` naming `text`, the location as the command was given it. Credentials,
    /// and the endpoint and region pipeline.yml does not give, come from `environment`.
    public func open(
        _ publish: PublishConfig, named text: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TargetError) -> any ObjectStore {
        switch self {
        case .directory(let path):
            return LocalStore(root: path)
        case .s3(let bucket, let prefix):
            do {
                return try S3ObjectStore(bucket: bucket, prefix: prefix, config: publish, environment: environment)
            } catch {
                throw TargetError(message: "\(text): \(error)")
            }
        case .http:
            throw TargetError(message: "\(description): publish targets are directories or s3:// prefixes")
        }
    }

    /// The store here, for a command that writes or deletes in it: a local store must be a
    /// directory zonectl owns (``OwnedDirectory``), checked (and made) before anything is done.
    public func openForWriting(_ publish: PublishConfig, named text: String, protecting: [OwnedDirectory.Protected])
        throws -> any ObjectStore
    {
        let store = try open(publish, named: text)
        if let local = store as? LocalStore {
            try OwnedDirectory.check(local.root, for: .store, protecting: protecting).prepare()
        }
        return store
    }

    /// The store here as a client reads it: a directory's files, or an S3 prefix through
    /// ``open(_:named:)`` (an http(s) store is read by `zonectl-http`, ``HTTPSync``).
    public func transport(
        _ publish: PublishConfig, named text: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TargetError) -> any ZoneTransport {
        switch self {
        case .directory(let path): DirectoryStore(root: path)
        case .s3: ObjectStoreTransport(store: try open(publish, named: text, environment: environment))
        case .http: throw TargetError(message: "\(description): read over http(s) by zonectl-http only")
        }
    }
}
