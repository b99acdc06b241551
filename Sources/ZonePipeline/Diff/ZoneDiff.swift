import Foundation
import ZoneFormats
import ZoneGeometry

/// What changed between two versions of the zones: per city and group, areas in m² on the
/// WGS 84 ellipsoid, vertices and bytes, and the style table's property changes.
public struct ZoneDiff: Sendable, Encodable {
    /// The two sides: what is published (or another build) and the working zones.
    public var before: Side
    public var after: Side
    /// True when the two builds were made with different pipeline.yml bytes.
    public var configChanged: Bool
    /// Every city of either side, sorted by id.
    public var cities: [CityDiff]
    /// Every style of either side's style table, sorted by name.
    public var styles: [StyleDiff]
    /// Every (layer, city) of either side's point layers, sorted by layer, then city.
    public var points: [PointCityDiff] = []
    /// Area the working zones' build closed per city and style (`gaps.close_m`); empty when off.
    public var closedGaps: [BuildReport.Closed] = []

    /// How areas are measured; every output says it.
    public static let areaMethod =
        "m² on the WGS 84 ellipsoid (equal-area authalic sphere, within 1e-5 of Karney's geodesic polygon area)"

    /// One side of the diff.
    public struct Side: Sendable, Encodable {
        /// A target, directory or "working zones" (never a credential).
        public var source: String
        /// The manifest version; nil when there is none (nothing published yet).
        public var version: String?
    }

    /// True when any artifact differs: a city, a style or a city of a point layer (a
    /// configuration change that leaves every artifact as it was is not a change).
    public var hasChanges: Bool {
        cities.contains { $0.status != .unchanged } || styles.contains { $0.status != .unchanged }
            || points.contains { $0.status != .unchanged }
    }

    /// Counts and totals over the whole diff.
    public var summary: Summary {
        var s = Summary()
        for c in cities {
            s.cities[c.status, default: 0] += 1
            for g in c.groups {
                s.groups[g.status, default: 0] += 1
                s.areaAdded += g.areaAdded
                s.areaRemoved += g.areaRemoved
            }
        }
        for style in styles { s.styles[style.status, default: 0] += 1 }
        s.points = points.summary
        return s
    }

    /// Counts per status and area totals.
    public struct Summary: Sendable, Encodable {
        public var cities: [ChangeStatus: Int] = [:]
        public var groups: [ChangeStatus: Int] = [:]
        public var styles: [ChangeStatus: Int] = [:]
        public var areaAdded = 0.0
        public var areaRemoved = 0.0
        /// The point layers: (layer, city) pairs per status, points added, removed, moved.
        public var points = PointSummary()
    }

    enum CodingKeys: String, CodingKey {
        case before, after, configChanged, areaMethod, changed, summary, cities, styles, points, closedGaps
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(before, forKey: .before)
        try c.encode(after, forKey: .after)
        try c.encode(configChanged, forKey: .configChanged)
        try c.encode(Self.areaMethod, forKey: .areaMethod)
        try c.encode(hasChanges, forKey: .changed)
        try c.encode(summary, forKey: .summary)
        try c.encode(cities, forKey: .cities)
        try c.encode(styles, forKey: .styles)
        try c.encode(points, forKey: .points)
        if !closedGaps.isEmpty { try c.encode(closedGaps, forKey: .closedGaps) }
    }
}

/// How one city, group or style differs between the two sides.
public enum ChangeStatus: String, Sendable, Encodable, CodingKeyRepresentable, CaseIterable {
    case added, removed, changed, unchanged
}

/// A value before and after (nil on the side that lacks it).
public struct Transition<Value: Sendable & Encodable & Equatable>: Sendable, Encodable, Equatable {
    public var before: Value?
    public var after: Value?
}

/// One city (the artifact unit).
public struct CityDiff: Sendable, Encodable {
    public var city: String
    public var status: ChangeStatus
    /// The artifact's folder name (zones/<folder>/…), also the SVG's file name.
    public var folder: String
    /// Compressed artifact size, what a client downloads.
    public var gzipBytes: Transition<Int>
    public var vertices: Transition<Int>
    /// Every group of either side; unchanged cities list their styles from the manifest,
    /// without areas (their artifacts are not read).
    public var groups: [GroupDiff]
    /// The geometry behind the numbers, for pictures (kept only when asked for; not in JSON).
    public var layers: [GroupLayers] = []

    enum CodingKeys: String, CodingKey { case city, status, gzipBytes, vertices, groups }
}

/// One group of a city (one feature of its artifact; a style by default).
public struct GroupDiff: Sendable, Encodable {
    public var group: String
    public var status: ChangeStatus
    /// Areas in m² (``ZoneDiff/areaMethod``); nil where the artifact was not read.
    public var areaBefore: Double?
    public var areaAfter: Double?
    /// Area only after has (after − before) and only before had (before − after).
    public var areaAdded: Double
    public var areaRemoved: Double
    /// (after − before) / before in percent; nil without a before area.
    public var percentChange: Double?
    public var vertices: Transition<Int>
    /// [west, south, east, north] of the added and removed area: where the change is.
    public var changedBBox: [Double]?
    /// Feature properties (other than geometry) that changed.
    public var properties: [PropertyChange]
}

/// One style of the style table.
public struct StyleDiff: Sendable, Encodable {
    public var style: String
    public var status: ChangeStatus
    /// The keys whose values differ (all keys for an added or removed style).
    public var properties: [PropertyChange]
}

/// A property whose value differs.
public struct PropertyChange: Sendable, Encodable, Equatable {
    public var key: String
    public var before: JSONValue?
    public var after: JSONValue?

    /// The members of `before` and `after` that differ, in `after`'s order, then `before`'s.
    static func between(_ before: JSONObject?, _ after: JSONObject?) -> [PropertyChange] {
        let a = after?.keys ?? []
        let b = before?.keys ?? []
        let keys = a + b.filter { !a.contains($0) }
        return keys.compactMap { k in
            let (x, y) = (before?[k], after?[k])
            return x == y ? nil : PropertyChange(key: k, before: x, after: y)
        }
    }
}

/// A group's geometry split by what happened to it (all valid, in longitude/latitude).
public struct GroupLayers: Sendable {
    public var group: String
    /// In both (before ∩ after).
    public var kept: PolygonalGeometry
    /// Only in before.
    public var removed: PolygonalGeometry
    /// Only in after.
    public var added: PolygonalGeometry
}

extension ZoneDiff {
    /// The diff as one pretty, key-sorted JSON document (what `--format json` prints).
    public func jsonBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(self)) + [0x0A]
    }
}
