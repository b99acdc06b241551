/// How polygons crossing the antimeridian are split (`antimeridian` in `pipeline.yml`).
public struct AntimeridianConfig: Sendable, Equatable, Encodable {
    /// Where an edge that crosses ±180° meets the meridian.
    public enum Interpolation: String, Sendable, Equatable, CaseIterable, Encodable {
        /// Along the great circle through the edge's end points (what the edge means on the sphere).
        case greatCircle = "great-circle"
        /// Linearly in longitude/latitude (what a planar GeoJSON viewer draws).
        case linear
    }

    /// `interpolation`: how crossing points are computed.
    public var interpolation: Interpolation

    /// Antimeridian settings; the parameter defaults to the value of an absent key.
    public init(interpolation: Interpolation = .greatCircle) {
        self.interpolation = interpolation
    }
}
