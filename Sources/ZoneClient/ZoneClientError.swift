/// What can go wrong reading a published store: each case names the object or line concerned.
public enum ZoneClientError: Error, Equatable, CustomStringConvertible {
    /// `manifest.json` is not a manifest this client reads.
    case badManifest(String)
    /// An object the manifest names is not in the store.
    case missing(key: String)
    /// An object could not be read (I/O).
    case unreadable(key: String, reason: String)
    /// An object is not what the manifest promises (size, gzip, SHA-256).
    case corrupt(key: String, reason: String)
    /// An artifact is not a FeatureCollection of (Multi)Polygons this client reads.
    case badArtifact(key: String, reason: String)
    /// A city has more zones (features) than one index holds.
    case tooManyZones(city: String, count: Int)
    /// The manifest has no such city.
    case unknownCity(String)
    /// The source could not be reached or answered with an error (network, HTTP status).
    case unreachable(key: String, reason: String)
    /// A file of the local cache could not be read, written, renamed or removed.
    case cache(path: String, reason: String)
    /// The style table is not a JSON object of styles, or one of its values breaks the rule the
    /// pipeline checks (colours MapLibre reads, opacities in 0…1, widths >= 0).
    case badStyle(key: String, reason: String)
    /// A MapLibre style cannot be made as asked: a base URL or glyphs template it refuses,
    /// `file://` sources into a directory of encoded objects, a style missing from the table.
    case mapLibreStyle(String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .badManifest(let reason): "manifest.json: \(reason)"
        case .missing(let key): "\(key): missing from the store"
        case .unreadable(let key, let reason): "\(key): cannot read: \(reason)"
        case .corrupt(let key, let reason): "\(key): \(reason)"
        case .badArtifact(let key, let reason): "\(key): not a zone artifact: \(reason)"
        case .tooManyZones(let city, let count):
            "city \(city): \(count) zones, more than the \(ZoneIndex.maximumZones) one index holds"
        case .unknownCity(let city): "no city \(city) in the manifest"
        case .unreachable(let key, let reason): "\(key): cannot fetch: \(reason)"
        case .cache(let path, let reason): "cache \(path): \(reason)"
        case .badStyle(let key, let reason): "\(key): \(reason)"
        case .mapLibreStyle(let reason): reason
        }
    }
}
