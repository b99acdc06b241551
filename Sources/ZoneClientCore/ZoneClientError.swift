/// What can go wrong reading or syncing a published store: each case names the object, file
/// or city concerned, so an app can tell offline from a server error, a damaged download, a
/// full disk or a directory that is not its cache.
public enum ZoneClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store cannot be reached from here now (no network, host unknown or refusing, timed
    /// out, connection lost): try again later.
    case offline(key: String, reason: String)
    /// The server answered a status the client does not take (500, 503, 401, …).
    case httpStatus(key: String, status: Int)
    /// Any other transport failure (TLS, a response that is not HTTP, …).
    case unreachable(key: String, reason: String)
    /// The sync was cancelled (its task was); the cache is at the version it had.
    case cancelled
    /// `manifest.json` is not a manifest this client reads.
    case badManifest(String)
    /// An object the manifest names is not in the store.
    case missing(key: String)
    /// An object could not be read (I/O).
    case unreadable(key: String, reason: String)
    /// Integrity: an object is not what the manifest promises (size, encoding, SHA-256).
    case corrupt(key: String, reason: String)
    /// An artifact is not a FeatureCollection of (Multi)Polygons this client reads.
    case badArtifact(key: String, reason: String)
    /// A city has more zones (features) than one index holds.
    case tooManyZones(city: String, count: Int)
    /// The manifest has no such city.
    case unknownCity(String)
    /// Disk: a file of the local cache could not be read, written, renamed or removed.
    case cache(path: String, reason: String)
    /// The cache directory holds files a sync did not write: it is not a zonectl cache, and the
    /// client leaves it alone.
    case notACache(path: String)
    /// The style table is not a JSON object of styles, or one of its values breaks the rule the
    /// pipeline checks (colours MapLibre reads, opacities in 0…1, widths >= 0).
    case badStyle(key: String, reason: String)
    /// A MapLibre style cannot be made as asked: a base URL or glyphs template it refuses,
    /// `file://` sources into a directory of encoded objects, a style missing from the table.
    case mapLibreStyle(String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .offline(let key, let reason): "\(key): offline: \(reason)"
        case .httpStatus(let key, let status): "\(key): HTTP \(status)"
        case .unreachable(let key, let reason): "\(key): cannot fetch: \(reason)"
        case .cancelled: "cancelled"
        case .badManifest(let reason): "manifest.json: \(reason)"
        case .missing(let key): "\(key): missing from the store"
        case .unreadable(let key, let reason): "\(key): cannot read: \(reason)"
        case .corrupt(let key, let reason): "\(key): \(reason)"
        case .badArtifact(let key, let reason): "\(key): not a zone artifact: \(reason)"
        case .tooManyZones(let city, let count):
            "city \(city): \(count) zones, more than the \(ZoneIndex.maximumZones) one index holds"
        case .unknownCity(let city): "no city \(city) in the manifest"
        case .cache(let path, let reason): "cache \(path): \(reason)"
        case .notACache(let path):
            "\(path): not a zonectl cache (it holds files a sync did not write); choose an empty or new directory"
        case .badStyle(let key, let reason): "\(key): \(reason)"
        case .mapLibreStyle(let reason): reason
        }
    }
}
