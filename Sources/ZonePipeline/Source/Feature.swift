import ZoneFormats
import ZoneGeometry

/// One GeoJSON Feature as read from a zone file.
public struct Feature: Sendable {
    /// The Feature's `id` member, if any (a string or a number).
    public var id: JSONValue?
    /// The `properties` object (empty when null or absent).
    public var properties: JSONObject
    /// The geometry when it is a Polygon or MultiPolygon; nil for null or other types.
    public var geometry: PolygonalGeometry?
    /// Where the feature object starts.
    public var location: SourceLocation
    /// Byte offset of the feature object, and of each ring's opening bracket, in the source.
    public var offset: Int
    public var ringOffsets: [Int]
    /// Bytes of the feature's source text.
    public var byteCount: Int
    /// False when GEOS found the geometry invalid (set by validation; the build repairs it).
    public var isValid = true

    public init(
        id: JSONValue? = nil, properties: JSONObject = JSONObject(), geometry: PolygonalGeometry?,
        location: SourceLocation, offset: Int = 0, ringOffsets: [Int] = [], byteCount: Int = 0
    ) {
        self.id = id
        self.properties = properties
        self.geometry = geometry
        self.location = location
        self.offset = offset
        self.ringOffsets = ringOffsets
        self.byteCount = byteCount
    }
}
