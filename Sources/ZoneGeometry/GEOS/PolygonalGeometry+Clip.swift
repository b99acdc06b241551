internal import CGEOS

extension PolygonalGeometry {
    /// The part of the geometry inside the rectangle [xmin, xmax] × [ymin, ymax], by the overlay
    /// (`GEOSIntersection_r`). Not `GEOSClipByRect_r`: GEOS 3.11's rectangle clip can close a ring
    /// around the wrong side of the rectangle when the geometry's border runs along one of its
    /// sides, as grid geometry cut along tile lines does, and return nearly the whole rectangle.
    /// Where the border crosses a side at a vertex (the tiler puts one there), the result's points
    /// are the geometry's own, so two clips by rectangles sharing a side agree on it. Parts
    /// without area are left out.
    package func clipped(xmin: Double, ymin: Double, xmax: Double, ymax: Double, context: GEOSContext) throws
        -> PolygonalGeometry
    {
        let geometry = try makeGEOSGeometry(context: context)
        let rectangle = PolygonalGeometry(
            coordinates: [xmin, ymin, xmax, ymin, xmax, ymax, xmin, ymax, xmin, ymin], ringEnds: [5],
            polygonEnds: [1], isMulti: false)
        let clip = try geometry.intersection(try rectangle.makeGEOSGeometry(context: context))
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
