/// What to draw for one viewport of one point layer: the clusters and single points of the
/// zoom whose position lies in the box.
public struct ZoneClusters: Sendable, Equatable {
    /// The point layer.
    public var layer: String
    /// The store version the answer was read from (the cached manifest's).
    public var version: String
    /// The box asked for.
    public var bbox: ZoneBBox
    /// The zoom asked for, in ``tileSize`` zooms.
    public var zoom: Double
    /// The tile size the zooms count in.
    public var tileSize: ZoneTileSize
    /// The layer's zoom answered: ``zoom`` converted to the layer's extent, clamped to 0 and to
    /// the layer's `maxZoom` (above it, the `maxZoom` answer).
    public var layerZoom: Int
    /// The clusters and points, each once.
    public var features: [ZoneClusterFeature]
    /// The files this answer fetched through the transport (store keys).
    public var fetched: [String]
    /// Files the answer needed but could not read (offline, or damaged and not fetchable): the
    /// answer lacks their features. Empty for a complete answer.
    public var unavailable: [Unavailable]
    /// Files this answer fetched but could not keep in the cache (a sync held the cache's lock,
    /// or the write failed), and why: a later answer fetches them again, and an offline one
    /// lacks them. The answer itself is complete without them.
    public var notKept: [Unavailable] = []

    /// A file the answer lacks, and why.
    public struct Unavailable: Sendable, Equatable {
        /// The file's key in the cache (its decoded name).
        public var key: String
        /// Why it could not be read or fetched.
        public var reason: String
    }

    /// True when every file the viewport needs was read.
    public var isComplete: Bool { unavailable.isEmpty }
}

/// The change from one answer to the next, keyed by stable ids (``ZoneClusterFeature/id``): the
/// map removes ``removals`` and adds ``insertions``, and leaves everything else as it is.
public struct ClusterDifference: Sendable, Equatable {
    /// Features of the new answer that the previous one did not have (or had drawn otherwise).
    public var insertions: [ZoneClusterFeature]
    /// Features of the previous answer that the new one does not have (or draws otherwise).
    public var removals: [ZoneClusterFeature]

    /// The difference from `previous` (nil: nothing drawn yet) to `current`.
    public init(from previous: ZoneClusters?, to current: ZoneClusters) {
        self.init(from: previous?.features ?? [], to: current.features)
    }

    /// The difference between two lists of features. A feature with the same id but another
    /// position, count or properties (a moved point) is removed and inserted again.
    public init(from previous: [ZoneClusterFeature], to current: [ZoneClusterFeature]) {
        var before = [ZoneClusterKey: ZoneClusterFeature](minimumCapacity: previous.count)
        for f in previous { before[f.id] = f }
        var kept = Set<ZoneClusterKey>(minimumCapacity: current.count)
        insertions = []
        for f in current {
            if let old = before[f.id], old == f {
                kept.insert(f.id)
            } else {
                insertions.append(f)
            }
        }
        removals = previous.filter { !kept.contains($0.id) }
    }

    /// True when nothing changes.
    public var isEmpty: Bool { insertions.isEmpty && removals.isEmpty }
}
