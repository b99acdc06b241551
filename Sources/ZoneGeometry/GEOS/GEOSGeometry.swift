internal import CGEOS

/// A GEOS geometry owned by Swift: destroyed with `GEOSGeom_destroy_r` when released.
///
/// Holds its ``GEOSContext`` strongly, so the context outlives every geometry made with it.
/// Call GEOS through methods (or inside `withExtendedLifetime`) so the geometry cannot be
/// released while a C function still uses `pointer`.
package final class GEOSGeometry {
    /// The owned `GEOSGeometry*`.
    package let pointer: OpaquePointer
    /// The context the geometry was made with; use it for every call on `pointer`.
    package let context: GEOSContext

    /// Takes ownership of `pointer`, which must have been made with `context`.
    init(owning pointer: OpaquePointer, context: GEOSContext) {
        self.pointer = pointer
        self.context = context
    }

    deinit {
        GEOSGeom_destroy_r(context.handle, pointer)
    }

    /// The GEOS type name ("Polygon", "LineString", …) of `geometry`, `self` or a part borrowed
    /// from it, via `GEOSGeomType_r`.
    package func typeName(of geometry: OpaquePointer) -> String {
        // GEOSGeomType_r: returns a string to free with GEOSFree_r, NULL on exception.
        guard let name = GEOSGeomType_r(context.handle, geometry) else {
            _ = context.takeErrorMessages()
            return "an unknown type"
        }
        defer { GEOSFree_r(context.handle, name) }
        return String(cString: name)
    }
}

@available(*, unavailable)
extension GEOSGeometry: Sendable {}
