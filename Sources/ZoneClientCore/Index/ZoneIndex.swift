/// Answers which zone of one city covers a position, built from the city's artifact.
///
/// Boundary rule: a zone is a closed set, so a position on a zone's border or vertex is inside
/// it. Published artifacts do not overlap, but neighbouring zones share their borders: a position
/// on a shared border is covered by both, and the index answers the **higher-priority** zone —
/// the style listed earlier in `priority` (the `overlaps.priority` of the pipeline; unlisted
/// styles rank after listed ones), then the style name that sorts first (byte order), then the
/// zone that comes first in the artifact. The same rule picks a zone where zones overlap (an
/// artifact built with `overlaps: allow`). Zones without a style rank last.
///
/// Lookups are exact: every decision is an exact orientation test, so a position exactly on an
/// edge or vertex is found inside, whatever its distance to the grid lines. An index is
/// immutable and may be shared across threads.
public struct ZoneIndex: Sendable {
    /// The most zones (features) one index holds.
    public static let maximumZones = 64

    /// The zones, in rank order: `zones[0]` wins every tie.
    public let zones: [Zone]

    /// One zone of the city: a feature of its artifact.
    public struct Zone: Sendable, Equatable {
        /// The feature's `style` property, nil when it has none.
        public var style: String?
        /// The feature's position in the artifact's `features`, among those with a geometry.
        public var feature: Int
    }

    private let grid: ZoneGrid?

    /// The bytes the index holds (its grid and zone list), as a client's index budget counts them.
    public var memoryBytes: Int {
        (grid?.memoryBytes ?? 0) + zones.count * MemoryLayout<Zone>.stride
            + zones.reduce(0) { $0 + ($1.style?.utf8.count ?? 0) }
    }

    /// Builds the index from a city artifact's uncompressed GeoJSON bytes (see
    /// ``ZoneStore/content(of:)``); `key` names the artifact in errors, `priority` lists style
    /// names, highest priority first.
    public init(artifact bytes: [UInt8], key: String = "artifact", priority: [String] = []) throws(ZoneClientError) {
        let shapes = try ArtifactReader.zones(bytes, key: key)
        guard shapes.count <= Self.maximumZones else { throw .tooManyZones(city: key, count: shapes.count) }
        let ranked = Self.ranked(shapes, priority: priority)
        zones = ranked.map { Zone(style: shapes[$0].style, feature: $0) }
        grid = ZoneGrid.build(ranked.map { shapes[$0] })
    }

    /// The position in ``zones`` of the zone covering (`longitude`, `latitude`), or nil when no
    /// zone covers it. Positions are in degrees (WGS 84, as in the artifact).
    @inline(__always)
    public func zone(longitude: Double, latitude: Double) -> Int? {
        guard let grid else { return nil }
        let mask = grid.zones(longitude, latitude)
        return mask == 0 ? nil : mask.trailingZeroBitCount
    }

    /// The style of the zone covering (`longitude`, `latitude`); nil when no zone covers it (or
    /// when the covering zone has no style: ``zone(longitude:latitude:)`` tells the two apart).
    public func style(longitude: Double, latitude: Double) -> String? {
        zone(longitude: longitude, latitude: latitude).flatMap { zones[$0].style }
    }

    /// Every zone covering the position, in rank order (more than one only on a shared border,
    /// or where an artifact's zones overlap).
    public func allZones(longitude: Double, latitude: Double) -> [Int] {
        guard var mask = grid?.zones(longitude, latitude) else { return [] }
        var out: [Int] = []
        while mask != 0 {
            out.append(mask.trailingZeroBitCount)
            mask &= mask - 1
        }
        return out
    }

    /// Feature positions sorted by (priority rank, style name, position); styleless last.
    static func ranked(_ shapes: [ZoneShape], priority: [String]) -> [Int] {
        let rank = Dictionary(priority.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func key(_ i: Int) -> (Int, Int, [UInt8]) {
            guard let style = shapes[i].style else { return (1, 0, []) }
            return (0, rank[style] ?? priority.count, Array(style.utf8))
        }
        return shapes.indices.sorted { a, b in
            let (ka, kb) = (key(a), key(b))
            if ka.0 != kb.0 { return ka.0 < kb.0 }
            if ka.1 != kb.1 { return ka.1 < kb.1 }
            if ka.2 != kb.2 { return ka.2.lexicographicallyPrecedes(kb.2) }
            return a < b
        }
    }
}
