import ZoneClientCore
import ZonePipeline

extension Verifier {
    /// `zonectl verify`: the target (`text`, else publish.target) checked as a client reads it: a
    /// client cache (a `--target` directory a sync made) by ``verify(cache:)``, decoded files the
    /// client's reader checks; any other store by ``verify()``. `name` is the target for messages.
    public static func verify(target text: String?, config: PipelineConfig) throws -> (
        name: String, result: (version: String, checked: Int, problems: [String])
    ) {
        if let text,
            case .directory(let path) = try StoreLocation(text, accepting: [.directory, .s3], option: "--target"),
            ZoneSync.isCache(path)
        {
            return (path, try verify(cache: path))
        }
        let (name, location) = try StoreLocation.target(text, config: config)
        let store = try location.open(config.publish, named: name)
        return (store.name, try Verifier(store: store).verify())
    }
}
