/// Why the vector-tile archive could not be made.
public enum TileStageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An artifact the archive is made from does not read back (`key`: its path in the output).
    case unreadable(key: String, reason: String)
    /// The zones or the archive could not be made (geometry or encoding).
    case failed(String)

    public var description: String {
        switch self {
        case .unreadable(let key, let reason): "\(key): cannot be tiled: \(reason)"
        case .failed(let reason): "tiles: \(reason)"
        }
    }
}
