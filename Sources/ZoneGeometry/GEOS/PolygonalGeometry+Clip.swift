internal import CGEOS

extension PolygonalGeometry {
    /// The part of the geometry inside the rectangle [xmin, xmax] × [ymin, ymax]
    /// (`GEOSClipByRect_r`: one pass, exact along the rectangle's sides, so two clips of the same
    /// geometry by rectangles sharing a side agree on it; the clip of a valid polygon is valid).
    /// Parts without area are left out.
    package func clipped(xmin: Double, ymin: Double, xmax: Double, ymax: Double, context: GEOSContext) throws
        -> PolygonalGeometry
    {
        let geometry = try makeGEOSGeometry(context: context)
        // GEOSClipByRect_r: NULL on exception.
        let clip = try geometry.owned(
            GEOSClipByRect_r(context.handle, geometry.pointer, xmin, ymin, xmax, ymax), "GEOSClipByRect_r")
        do {
            return try PolygonalGeometry(clip)
        } catch GEOSError.unsupportedGeometryType {
            return try PolygonalGeometry(clip.polygonalPart())
        }
    }

    /// A point inside the geometry (`GEOSPointOnSurface_r`), nil when it is empty.
    package func pointOnSurface(context: GEOSContext) throws -> (x: Double, y: Double)? {
        guard !isEmpty else { return nil }
        let geometry = try makeGEOSGeometry(context: context)
        // GEOSPointOnSurface_r: NULL on exception.
        let point = try geometry.owned(
            GEOSPointOnSurface_r(context.handle, geometry.pointer), "GEOSPointOnSurface_r")
        // GEOSisEmpty_r: 2 on exception.
        guard GEOSisEmpty_r(context.handle, point.pointer) == 0 else { return nil }
        var x = 0.0
        var y = 0.0
        // GEOSGeomGetX_r / GEOSGeomGetY_r: 0 on exception.
        guard GEOSGeomGetX_r(context.handle, point.pointer, &x) == 1,
            GEOSGeomGetY_r(context.handle, point.pointer, &y) == 1
        else { throw context.failure("GEOSGeomGetX_r") }
        return (x, y)
    }
}
