/// An error from the GEOS layer: a failed C call, or input GEOS cannot be given or returned.
public enum GEOSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `GEOS_init_r` returned NULL.
    case contextUnavailable
    /// A GEOS C function signalled failure; `message` is what GEOS reported through the
    /// context's error handler (several messages are joined with "; ").
    case failed(operation: String, message: String)
    /// The flat geometry's offsets do not describe rings inside its coordinate buffer.
    case malformedGeometry(String)
    /// GEOS returned a geometry type that is not a (collection of) polygon(s).
    case unsupportedGeometryType(String)

    /// A one-line explanation, fit for a diagnostic.
    public var description: String {
        switch self {
        case .contextUnavailable:
            "GEOS_init_r failed: no GEOS context"
        case .failed(let operation, let message):
            "\(operation) failed: \(message)"
        case .malformedGeometry(let detail):
            "malformed flat geometry: \(detail)"
        case .unsupportedGeometryType(let type):
            "expected a Polygon, MultiPolygon or GeometryCollection of polygons, got \(type)"
        }
    }
}
