import CGEOS

@testable import ZoneGeometry
@testable import ZonePipeline

// GEOS operations only the tests use (independent checks of what the build makes); the build
// itself needs none of them.
extension GEOSGeometry {
    /// GEOSUnaryUnion_r: the union of all parts.
    func unaryUnion() throws -> GEOSGeometry {
        try owned(GEOSUnaryUnion_r(context.handle, pointer), "GEOSUnaryUnion_r")
    }

    /// GEOSUnion_r: self ∪ other.
    func union(_ other: GEOSGeometry) throws -> GEOSGeometry {
        try owned(GEOSUnion_r(context.handle, pointer, other.pointer), "GEOSUnion_r")
    }

    /// GEOSRelatePattern_r with "T********": true when the interiors share a point, which for
    /// polygons means they overlap (touching along a border is not enough).
    func interiorsIntersect(_ other: GEOSGeometry) throws -> Bool {
        // 1 true, 0 false, 2 on exception.
        let r = GEOSRelatePattern_r(context.handle, pointer, other.pointer, "T********")
        guard r != 2 else { throw context.failure("GEOSRelatePattern_r") }
        return r == 1
    }

    /// GEOSArea_r: planar area in squared coordinate units.
    func area() throws -> Double {
        var a = 0.0
        // GEOSArea_r: 0 on exception.
        guard GEOSArea_r(context.handle, pointer, &a) != 0 else { throw context.failure("GEOSArea_r") }
        return a
    }

    /// GEOSHausdorffDistance_r: the discrete Hausdorff distance (vertices of each geometry to
    /// the other geometry), in coordinate units.
    func hausdorffDistance(to other: GEOSGeometry) throws -> Double {
        var d = 0.0
        // GEOSHausdorffDistance_r: 1 on success, 0 on exception.
        guard GEOSHausdorffDistance_r(context.handle, pointer, other.pointer, &d) != 0 else {
            throw context.failure("GEOSHausdorffDistance_r")
        }
        return d
    }

    /// GEOSHausdorffDistanceDensify_r: the Hausdorff distance with every segment of both
    /// geometries first cut into 1 / `densifyFraction` pieces (0 < fraction ≤ 1), in coordinate units.
    func hausdorffDistance(to other: GEOSGeometry, densifyFraction: Double) throws -> Double {
        var d = 0.0
        // GEOSHausdorffDistanceDensify_r: 1 on success, 0 on exception (also for a fraction
        // outside (0, 1]).
        guard GEOSHausdorffDistanceDensify_r(context.handle, pointer, other.pointer, densifyFraction, &d) != 0 else {
            throw context.failure("GEOSHausdorffDistanceDensify_r")
        }
        return d
    }

    /// GEOSBuffer_r with `quadrantSegments` segments per quarter circle: the points within
    /// `width` of `self` (a negative width shrinks polygons).
    func buffer(_ width: Double, quadrantSegments: Int32 = 8) throws -> GEOSGeometry {
        try owned(GEOSBuffer_r(context.handle, pointer, width, quadrantSegments), "GEOSBuffer_r")
    }

    /// A LineString through the points x0, y0, x1, y1, … of `xy` (none, or at least two).
    static func lineString(_ xy: [Double], context: GEOSContext) throws -> GEOSGeometry {
        guard xy.count.isMultiple(of: 2), xy.count != 2, xy.count / 2 <= Int(UInt32.max) else {
            throw GEOSError.malformedGeometry("a line string of \(xy.count) coordinates")
        }
        let handle = context.handle
        // GEOSCoordSeq_copyFromBuffer_r reads count x,y pairs (hasZ 0, hasM 0); NULL on exception.
        let sequence = xy.withUnsafeBufferPointer {
            GEOSCoordSeq_copyFromBuffer_r(handle, $0.baseAddress, UInt32(xy.count / 2), 0, 0)
        }
        guard let sequence else { throw context.failure("GEOSCoordSeq_copyFromBuffer_r") }
        // GEOSGeom_createLineString_r: NULL on exception; it owns the sequence either way.
        guard let line = GEOSGeom_createLineString_r(handle, sequence) else {
            throw context.failure("GEOSGeom_createLineString_r")
        }
        return GEOSGeometry(owning: line, context: context)
    }

    /// GEOSLength_r: the length of lines (the perimeter of polygons), in coordinate units.
    func length() throws -> Double {
        var l = 0.0
        // GEOSLength_r: 0 on exception.
        guard GEOSLength_r(context.handle, pointer, &l) != 0 else { throw context.failure("GEOSLength_r") }
        return l
    }

    /// GEOSBoundary_r: the rings of a polygonal geometry as lines.
    func boundary() throws -> GEOSGeometry {
        try owned(GEOSBoundary_r(context.handle, pointer), "GEOSBoundary_r")
    }

    /// GEOSisEmpty_r.
    func isEmpty() throws -> Bool {
        // GEOSisEmpty_r: 1 empty, 0 not, 2 on exception.
        let result = GEOSisEmpty_r(context.handle, pointer)
        guard result != 2 else { throw context.failure("GEOSisEmpty_r") }
        return result == 1
    }

    /// GEOSGeom_clone_r: an independent copy.
    func clone() throws -> GEOSGeometry {
        try owned(GEOSGeom_clone_r(context.handle, pointer), "GEOSGeom_clone_r")
    }

    /// A collection of copies of several geometries' polygons.
    static func multiPolygon(of geometries: [GEOSGeometry], context: GEOSContext) throws -> GEOSGeometry {
        try withExtendedLifetime(geometries) {
            try collection(
                of: try geometries.flatMap { try $0.parts(ofType: Int32(GEOS_POLYGON.rawValue)) },
                type: .multiPolygon, context: context)
        }
    }
}

/// GEOSPreparedGeometry: a geometry indexed for repeated predicate tests.
final class PreparedGeometry {
    let base: GEOSGeometry
    private let prepared: OpaquePointer

    init(_ geometry: GEOSGeometry) throws {
        // GEOSPrepare_r: NULL on exception. The prepared geometry borrows `geometry`.
        guard let p = GEOSPrepare_r(geometry.context.handle, geometry.pointer) else {
            throw geometry.context.failure("GEOSPrepare_r")
        }
        base = geometry
        prepared = p
    }

    deinit { GEOSPreparedGeom_destroy_r(base.context.handle, prepared) }

    /// GEOSPreparedIntersects_r.
    func intersects(_ other: GEOSGeometry) throws -> Bool {
        // 1 true, 0 false, 2 on exception.
        let r = GEOSPreparedIntersects_r(base.context.handle, prepared, other.pointer)
        guard r != 2 else { throw base.context.failure("GEOSPreparedIntersects_r") }
        return r == 1
    }

    /// GEOSPreparedContainsXY_r is GEOS 3.12; 3.11 tests a point geometry.
    func contains(x: Double, y: Double) throws -> Bool {
        let handle = base.context.handle
        // GEOSGeom_createPointFromXY_r: NULL on exception.
        guard let point = GEOSGeom_createPointFromXY_r(handle, x, y) else {
            throw base.context.failure("GEOSGeom_createPointFromXY_r")
        }
        defer { GEOSGeom_destroy_r(handle, point) }
        let r = GEOSPreparedIntersects_r(handle, prepared, point)
        guard r != 2 else { throw base.context.failure("GEOSPreparedIntersects_r") }
        return r == 1
    }
}

@available(*, unavailable)
extension PreparedGeometry: Sendable {}
