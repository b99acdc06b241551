internal import CGEOS

extension GEOSGeometry {
    /// Reads well-known text (`GEOSWKTReader_read_r`), for tests and debugging.
    convenience init(wkt: String, context: GEOSContext) throws {
        let handle = context.handle
        // GEOSWKTReader_create_r: NULL on exception. Scoped to this call, so freed by `defer`.
        guard let reader = GEOSWKTReader_create_r(handle) else {
            throw context.failure("GEOSWKTReader_create_r")
        }
        defer { GEOSWKTReader_destroy_r(handle, reader) }
        // GEOSWKTReader_read_r: returns a geometry we own, NULL on exception (bad WKT).
        guard let geometry = GEOSWKTReader_read_r(handle, reader, wkt) else {
            throw context.failure("GEOSWKTReader_read_r")
        }
        self.init(owning: geometry, context: context)
    }
}
