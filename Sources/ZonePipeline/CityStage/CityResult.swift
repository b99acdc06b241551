import ZoneFormats
import ZoneGeometry

/// One output feature: the zones of one group as one valid MultiPolygon.
public struct ZoneGroupResult: Sendable {
    /// The `group_by` values, e.g. ["berlin", "parking"].
    public var key: [String]
    /// Indices of the input features, in source order.
    public var members: [Int]
    /// The group keys and the `keep` properties.
    public var properties: JSONObject
    /// Valid, on the precision grid, wound as RFC 7946 asks.
    public var geometry: PolygonalGeometry
    public var bbox: BoundingBox
    public var inputPolygons: Int
    public var inputPositions: Int
    /// Positions simplification started from: the overlap priority's output snapped to the grid.
    public var verticesBeforeSimplify: Int
    /// Positions after simplification and dropping of small parts (what is written); equal to
    /// ``verticesBeforeSimplify`` when simplification is off.
    public var verticesAfterSimplify: Int
    /// The largest distance, in metres, simplification moved a border of the group (see
    /// ``SimplifyStats/hausdorffM``); 0 when simplification is off.
    public var hausdorffM: Double
}

/// How much of one group a higher-priority group took, in m² (on the sphere).
public struct ContestedArea: Hashable, Sendable {
    public var winner: [String]
    public var loser: [String]
    public var squareMetres: Double
}

/// The geometry stage's result for one city (the first `group_by` key).
public struct CityResult: Sendable {
    public var city: String
    public var groups: [ZoneGroupResult]
    public var contested: [ContestedArea]
    /// Gaps between zones narrower than `gaps.report_m`, in the order found.
    public var gaps: [GapFinding] = []
    /// Area each group gained by closing gaps (`gaps.close_m`), where it gained any.
    public var closed: [ClosedArea] = []
    /// Groups with input polygons and no area left, in group order.
    public var vanished: [VanishedZone] = []
    public var diagnostics: [Diagnostic]
    /// Seconds spent per step (repair, overlay, simplify, finish; the build adds read and write).
    public var timings: [String: Double]
}
