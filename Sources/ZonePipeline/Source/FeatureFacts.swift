import ZoneFormats

/// What grouping, the cross-file rules and the style table read of a feature: a parsed
/// ``Feature`` or the ``FeatureSummary`` a build keeps of it without its coordinates.
public protocol FeatureFacts {
    var id: JSONValue? { get }
    var properties: JSONObject { get }
    var location: SourceLocation { get }
    /// True when the feature has a Polygon or MultiPolygon.
    var hasGeometry: Bool { get }
}

extension Feature: FeatureFacts {
    public var hasGeometry: Bool { geometry != nil }
}
