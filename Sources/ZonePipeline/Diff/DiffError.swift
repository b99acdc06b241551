import ZoneFormats

/// Why a diff could not be made.
public enum DiffError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store failed (I/O, network, server).
    case store(StoreError)
    /// The target's manifest.json is not a zonectl manifest.
    case unreadableManifest(source: String, reason: String)
    /// An artifact is missing or is not what its manifest says (size, gzip, SHA-256).
    case corruptArtifact(key: String, reason: String)
    /// An artifact's content cannot be read as zonectl wrote it.
    case unreadableArtifact(key: String, reason: String)
    /// GEOS failed while comparing a city.
    case geometry(city: String, message: String)

    public var description: String {
        switch self {
        case .store(let e): e.description
        case .unreadableManifest(let source, let reason): "\(source)/manifest.json: cannot be read: \(reason)"
        case .corruptArtifact(let key, let reason): "\(key): \(reason)"
        case .unreadableArtifact(let key, let reason): "\(key): cannot be read: \(reason)"
        case .geometry(let city, let message): "city \(jsonQuoted(city)): comparing the geometry failed: \(message)"
        }
    }
}
