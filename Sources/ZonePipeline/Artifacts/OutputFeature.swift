import ZoneFormats
import ZoneGeometry

/// One Feature of an artifact: its properties, its (Multi)Polygon and its bounding box.
public struct OutputFeature: Sendable {
    /// The `properties` object, written with its members in this order.
    public var properties: JSONObject
    /// The geometry, always written as a MultiPolygon.
    public var geometry: PolygonalGeometry
    /// The feature's `bbox` (RFC 7946 §5); also feeds the collection's bbox.
    public var bbox: BoundingBox

    /// Creates a feature from its parts.
    public init(properties: JSONObject, geometry: PolygonalGeometry, bbox: BoundingBox) {
        self.properties = properties
        self.geometry = geometry
        self.bbox = bbox
    }
}
