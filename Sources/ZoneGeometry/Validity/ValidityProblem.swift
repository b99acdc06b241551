internal import CGEOS

/// Why GEOS finds a geometry invalid, and where.
public struct ValidityProblem: Sendable, Equatable {
    /// GEOS's reason, e.g. "Self-intersection", "Nested shells", "Hole lies outside shell".
    public var reason: String
    /// Where GEOS places the problem (longitude); NaN when GEOS gave no location.
    public var x: Double
    /// Where GEOS places the problem (latitude); NaN when GEOS gave no location.
    public var y: Double

    /// A problem with the given reason at (x, y).
    public init(reason: String, x: Double, y: Double) {
        self.reason = reason
        self.x = x
        self.y = y
    }
}

/// The first problem GEOS finds in `geometry` (`GEOSisValidDetail_r`, flags 0), or nil when it is valid.
/// Geometry that is certainly valid is not built in GEOS
/// (``PolygonalGeometry/isCertainlyValid``).
///
/// Throws ``GEOSError`` when the geometry cannot be built in GEOS at all (an unclosed ring, a ring
/// of 1–2 positions, malformed offsets) or when the check itself fails.
public func validityProblem(of geometry: PolygonalGeometry, context: GEOSContext) throws -> ValidityProblem? {
    if geometry.isCertainlyValid { return nil }
    return try geometry.makeGEOSGeometry(context: context).validityProblem()
}

extension PolygonalGeometry {
    /// GEOS's first validity problem, without the fast path: the oracle the fuzz harness holds
    /// ``isCertainlyValid`` to.
    package func geosValidityProblem(context: GEOSContext) throws -> ValidityProblem? {
        try makeGEOSGeometry(context: context).validityProblem()
    }

    /// GEOS's reason when the geometry is invalid (``GEOSGeometry/invalidityReason()``), nil when
    /// it is valid; geometry that is certainly valid (``isCertainlyValid``) is not built in GEOS.
    package func invalidityReason(context: GEOSContext) throws -> String? {
        if isCertainlyValid { return nil }
        return try makeGEOSGeometry(context: context).invalidityReason()
    }
}

extension GEOSGeometry {
    /// The first validity problem (`GEOSisValidDetail_r`, flags 0), or nil when valid.
    package func validityProblem() throws -> ValidityProblem? {
        let handle = context.handle
        var reason: UnsafeMutablePointer<CChar>?
        var location: OpaquePointer?
        // GEOSisValidDetail_r: 1 valid, 0 invalid, 2 on exception. When invalid it hands over a
        // reason (free with GEOSFree_r) and a location point or NULL (free with GEOSGeom_destroy_r).
        let result = GEOSisValidDetail_r(handle, pointer, 0, &reason, &location)
        defer {
            if let reason { GEOSFree_r(handle, reason) }
            if let location { GEOSGeom_destroy_r(handle, location) }
        }
        switch result {
        case 1: return nil
        case 0: break
        default: throw context.failure("GEOSisValidDetail_r")
        }
        var x = Double.nan
        var y = Double.nan
        // GEOSGeomGetX_r / GEOSGeomGetY_r: 1 on success, 0 on exception (then keep NaN).
        if let location,
            GEOSGeomGetX_r(handle, location, &x) == 0 || GEOSGeomGetY_r(handle, location, &y) == 0
        {
            (x, y) = (.nan, .nan)
            _ = context.takeErrorMessages()
        }
        return ValidityProblem(reason: reason.map { String(cString: $0) } ?? "Invalid geometry", x: x, y: y)
    }
}
