internal import CGEOS

/// Walking a polygonal GEOS geometry. Every pointer taken or returned here is borrowed from
/// `self` (GEOS: "owned by parent geometry, do not free") and valid while `self` lives.
extension GEOSGeometry {
    /// True for a MultiPolygon or GeometryCollection, false for a Polygon.
    func isCollection() throws -> Bool {
        let type = try typeID(of: pointer)
        return type != Int32(GEOS_POLYGON.rawValue)
    }

    /// The polygons in `self`, in order; nested collections are flattened.
    package func polygons() throws -> [OpaquePointer] {
        var polygons: [OpaquePointer] = []
        try appendPolygons(of: pointer, to: &polygons)
        return polygons
    }

    private func appendPolygons(of part: OpaquePointer, to polygons: inout [OpaquePointer]) throws {
        let handle = context.handle
        switch try typeID(of: part) {
        case Int32(GEOS_POLYGON.rawValue):
            polygons.append(part)
        case Int32(GEOS_MULTIPOLYGON.rawValue), Int32(GEOS_GEOMETRYCOLLECTION.rawValue):
            // GEOSGetNumGeometries_r: -1 on exception.
            let count = GEOSGetNumGeometries_r(handle, part)
            guard count >= 0 else { throw context.failure("GEOSGetNumGeometries_r") }
            for index in 0..<count {
                // GEOSGetGeometryN_r: NULL on exception.
                guard let member = GEOSGetGeometryN_r(handle, part, index) else {
                    throw context.failure("GEOSGetGeometryN_r")
                }
                try appendPolygons(of: member, to: &polygons)
            }
        default:
            throw GEOSError.unsupportedGeometryType(typeName(of: part))
        }
    }

    /// The rings of `polygon`, exterior first; none when the polygon is empty.
    package func rings(of polygon: OpaquePointer) throws -> [OpaquePointer] {
        let handle = context.handle
        // GEOSisEmpty_r: 1 empty, 0 not, 2 on exception.
        switch GEOSisEmpty_r(handle, polygon) {
        case 1: return []
        case 0: break
        default: throw context.failure("GEOSisEmpty_r")
        }
        // GEOSGetExteriorRing_r: NULL on exception.
        guard let exterior = GEOSGetExteriorRing_r(handle, polygon) else {
            throw context.failure("GEOSGetExteriorRing_r")
        }
        // GEOSGetNumInteriorRings_r: -1 on exception.
        let holeCount = GEOSGetNumInteriorRings_r(handle, polygon)
        guard holeCount >= 0 else { throw context.failure("GEOSGetNumInteriorRings_r") }
        var rings = [exterior]
        rings.reserveCapacity(Int(holeCount) + 1)
        for index in 0..<holeCount {
            // GEOSGetInteriorRingN_r: NULL on exception.
            guard let hole = GEOSGetInteriorRingN_r(handle, polygon, index) else {
                throw context.failure("GEOSGetInteriorRingN_r")
            }
            rings.append(hole)
        }
        return rings
    }

    /// The coordinate sequence of `ring` and its number of positions.
    func coordinateSequence(of ring: OpaquePointer) throws -> (sequence: OpaquePointer, size: Int) {
        let handle = context.handle
        // GEOSGeom_getCoordSeq_r: NULL on exception.
        guard let sequence = GEOSGeom_getCoordSeq_r(handle, ring) else {
            throw context.failure("GEOSGeom_getCoordSeq_r")
        }
        var size: UInt32 = 0
        // GEOSCoordSeq_getSize_r: 0 on exception.
        guard GEOSCoordSeq_getSize_r(handle, sequence, &size) != 0 else {
            throw context.failure("GEOSCoordSeq_getSize_r")
        }
        return (sequence, Int(size))
    }

    /// Writes the x,y pairs of `sequence` to `buffer`, which must have room for all of them.
    package func copy(_ sequence: OpaquePointer, to buffer: UnsafeMutablePointer<Double>) throws {
        // GEOSCoordSeq_copyToBuffer_r: writes size x,y pairs (hasZ 0, hasM 0); 0 on exception.
        guard GEOSCoordSeq_copyToBuffer_r(context.handle, sequence, buffer, 0, 0) != 0 else {
            throw context.failure("GEOSCoordSeq_copyToBuffer_r")
        }
    }

    private func typeID(of geometry: OpaquePointer) throws -> Int32 {
        // GEOSGeomTypeId_r: -1 on exception.
        let type = GEOSGeomTypeId_r(context.handle, geometry)
        guard type >= 0 else { throw context.failure("GEOSGeomTypeId_r") }
        return type
    }
}
