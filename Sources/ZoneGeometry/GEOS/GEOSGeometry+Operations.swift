internal import CGEOS

/// The GEOS operations the geometry stage uses, each checked: GEOS returns NULL (or an
/// out-of-range code) on exception, and the message arrives through the context's handler.
extension GEOSGeometry {
    /// Wraps an owned result pointer, or throws what GEOS reported.
    func owned(_ result: OpaquePointer?, _ operation: String) throws -> GEOSGeometry {
        guard let result else { throw context.failure(operation) }
        return GEOSGeometry(owning: result, context: context)
    }

    /// GEOSDifference_r: self − other.
    package func difference(_ other: GEOSGeometry) throws -> GEOSGeometry {
        try owned(GEOSDifference_r(context.handle, pointer, other.pointer), "GEOSDifference_r")
    }

    /// GEOSIntersection_r: self ∩ other.
    package func intersection(_ other: GEOSGeometry) throws -> GEOSGeometry {
        try owned(GEOSIntersection_r(context.handle, pointer, other.pointer), "GEOSIntersection_r")
    }

    /// GEOSMakeValidWithParams_r with the structure method (rings are read as shells and holes),
    /// dropping collapsed parts, so the result is polygonal.
    package func makeValid() throws -> GEOSGeometry {
        // GEOSMakeValidParams_create_r: NULL on exception.
        guard let params = GEOSMakeValidParams_create_r(context.handle) else {
            throw context.failure("GEOSMakeValidParams_create_r")
        }
        defer { GEOSMakeValidParams_destroy_r(context.handle, params) }
        // The setters return 0 on exception.
        guard GEOSMakeValidParams_setMethod_r(context.handle, params, GEOS_MAKE_VALID_STRUCTURE) != 0,
            GEOSMakeValidParams_setKeepCollapsed_r(context.handle, params, 0) != 0
        else {
            throw context.failure("GEOSMakeValidParams_set")
        }
        return try owned(GEOSMakeValidWithParams_r(context.handle, pointer, params), "GEOSMakeValidWithParams_r")
    }

    /// GEOSisValid_r, with GEOSisValidReason_r's text when invalid.
    package func invalidityReason() throws -> String? {
        // GEOSisValid_r: 1 valid, 0 invalid, 2 on exception.
        switch GEOSisValid_r(context.handle, pointer) {
        case 1: return nil
        case 0:
            // GEOSisValidReason_r: a string to free with GEOSFree_r, NULL on exception.
            guard let reason = GEOSisValidReason_r(context.handle, pointer) else { return "invalid" }
            defer { GEOSFree_r(context.handle, reason) }
            return String(cString: reason)
        default: throw context.failure("GEOSisValid_r")
        }
    }

    /// A MultiPolygon of copies of the polygons of `self`; points and lines (which overlay
    /// results can hold where shapes only touch) are left out.
    package func polygonalPart() throws -> GEOSGeometry {
        try withExtendedLifetime(self) {
            try GEOSGeometry.collection(
                of: try parts(ofType: Int32(GEOS_POLYGON.rawValue)), type: .multiPolygon, context: context)
        }
    }

    /// Borrowed pointers to the members of `self` (flattened) whose type id is `wanted`.
    package func parts(ofType wanted: Int32) throws -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        func walk(_ g: OpaquePointer) throws {
            // GEOSGeomTypeId_r: -1 on exception.
            let type = GEOSGeomTypeId_r(context.handle, g)
            switch type {
            case wanted:
                found.append(g)
            case Int32(GEOS_MULTIPOLYGON.rawValue), Int32(GEOS_MULTILINESTRING.rawValue),
                Int32(GEOS_GEOMETRYCOLLECTION.rawValue):
                let count = GEOSGetNumGeometries_r(context.handle, g)
                guard count >= 0 else { throw context.failure("GEOSGetNumGeometries_r") }
                for i in 0..<count {
                    guard let part = GEOSGetGeometryN_r(context.handle, g, i) else {
                        throw context.failure("GEOSGetGeometryN_r")
                    }
                    try walk(part)
                }
            case -1: throw context.failure("GEOSGeomTypeId_r")
            default: break
            }
        }
        try walk(pointer)
        return found
    }

    enum CollectionType { case multiPolygon, multiLineString, collection }

    /// A new collection of copies of `members` (borrowed pointers, each cloned).
    static func collection(of members: [OpaquePointer], type: CollectionType, context: GEOSContext) throws
        -> GEOSGeometry
    {
        let handle = context.handle
        var clones: [OpaquePointer?] = []
        clones.reserveCapacity(members.count)
        for m in members {
            // GEOSGeom_clone_r: NULL on exception.
            guard let c = GEOSGeom_clone_r(handle, m) else {
                for c in clones { GEOSGeom_destroy_r(handle, c) }
                throw context.failure("GEOSGeom_clone_r")
            }
            clones.append(c)
        }
        let typeID: Int32 =
            switch type {
            case .multiPolygon: Int32(GEOS_MULTIPOLYGON.rawValue)
            case .multiLineString: Int32(GEOS_MULTILINESTRING.rawValue)
            case .collection: Int32(GEOS_GEOMETRYCOLLECTION.rawValue)
            }
        // GEOSGeom_createCollection_r: NULL on exception; it owns the members either way.
        let made = clones.withUnsafeMutableBufferPointer {
            GEOSGeom_createCollection_r(handle, typeID, $0.baseAddress, UInt32($0.count))
        }
        guard let made else { throw context.failure("GEOSGeom_createCollection_r") }
        return GEOSGeometry(owning: made, context: context)
    }

}
