/// One item of a viewport answer: a cluster or a single point, as the pipeline published it.
public struct ZoneClusterFeature: Sendable, Equatable, Identifiable {
    /// The stable id: the cluster's `cluster_id`, which depends only on its members (a new build
    /// that keeps them keeps it), or the single point's `id`.
    public var id: ZoneClusterKey
    /// Where to draw it: the cluster's weighted centroid, or the point.
    public var longitude: Double
    /// The latitude of that position.
    public var latitude: Double
    /// Points in it: 1 for a single point.
    public var pointCount: Int
    /// A cluster's `expansion_zoom`, in the zooms of the answer's tile size: the first zoom at
    /// which it splits. Nil for a single point.
    public var expansionZoom: Int?
    /// A cluster's members' box (`bbox`); nil for a single point.
    public var bbox: ZoneBBox?
    /// The feature's `properties` object as published, without `z` (the answer says the zoom)
    /// and `expansion_zoom` (``expansionZoom``): a cluster's `cluster`, `cluster_id`,
    /// `point_count`, `point_count_abbreviated`, sums and `bbox`; a single point's kept
    /// properties. Decode it with `JSONDecoder` for your fields.
    public var properties: String

    /// True for a cluster.
    public var isCluster: Bool {
        if case .cluster = id { return true }
        return false
    }

    /// A feature.
    public init(
        id: ZoneClusterKey, longitude: Double, latitude: Double, pointCount: Int, expansionZoom: Int? = nil,
        bbox: ZoneBBox? = nil, properties: String
    ) {
        self.id = id
        self.longitude = longitude
        self.latitude = latitude
        self.pointCount = pointCount
        self.expansionZoom = expansionZoom
        self.bbox = bbox
        self.properties = properties
    }
}

/// The stable id of a cluster or single point.
public enum ZoneClusterKey: Hashable, Sendable, CustomStringConvertible {
    /// A cluster, by its `cluster_id` (below 2^53).
    case cluster(Int)
    /// A single point, by its `id` property; a point published without one, by its position
    /// (`"lon,lat"` as written).
    case point(String)

    /// `cluster 123` or `point p1`.
    public var description: String {
        switch self {
        case .cluster(let id): "cluster \(id)"
        case .point(let id): "point \(id)"
        }
    }
}
