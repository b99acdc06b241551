/// How one (layer, city) of the point layers differs: points added, removed and moved (same id,
/// another position), from the two sides' point indexes (``PointIndex``).
///
/// Points are matched by id; a point without an id is matched by its position alone, so it is
/// never "moved", only removed and added. Positions are compared at the output precision.
public struct PointCityDiff: Sendable, Encodable {
    public var layer: String
    public var city: String
    /// added or removed (the city on one side only); changed when points or the published
    /// point files differ (a clustering parameter changes the files, not the points).
    public var status: ChangeStatus
    /// The city's point count on each side (from the manifests).
    public var points: Transition<Int>
    /// False when a side has the city without a point index (a manifest of a zonectl version
    /// before indexes): then added, removed and moved are unknown (nil).
    public var compared: Bool
    public var added: Int?
    public var removed: Int?
    public var moved: Int?
    /// The first ``PointDiffer/listLimit`` points of each kind, by id (then position).
    public var addedPoints: [PointRef] = []
    public var removedPoints: [PointRef] = []
    public var movedPoints: [PointMove] = []
}

/// A point of a diff: its id (nil without one) and [longitude, latitude].
public struct PointRef: Sendable, Encodable, Equatable {
    public var id: String?
    public var position: [Double]

    enum CodingKeys: String, CodingKey { case id, position }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let id { try c.encode(id, forKey: .id) } else { try c.encodeNil(forKey: .id) }
        try c.encode(position, forKey: .position)
    }
}

/// A point with the same id at another position.
public struct PointMove: Sendable, Encodable, Equatable {
    public var id: String
    public var before: [Double]
    public var after: [Double]
}

/// Point totals of a diff.
public struct PointSummary: Sendable, Encodable, Equatable {
    /// (layer, city) pairs per status.
    public var cities: [ChangeStatus: Int] = [:]
    public var added = 0
    public var removed = 0
    public var moved = 0
    /// (layer, city) pairs that could not be compared (a side without a point index).
    public var notCompared = 0
}

extension [PointCityDiff] {
    var summary: PointSummary {
        var s = PointSummary()
        for c in self {
            s.cities[c.status, default: 0] += 1
            s.added += c.added ?? 0
            s.removed += c.removed ?? 0
            s.moved += c.moved ?? 0
            if !c.compared { s.notCompared += 1 }
        }
        return s
    }
}
