internal import CGEOS

extension PolygonalGeometry {
    /// Builds the GEOS Polygon (`isMulti == false`) or MultiPolygon for this geometry, copying each
    /// ring straight from `coordinates` with `GEOSCoordSeq_copyFromBuffer_r`.
    ///
    /// A polygon without rings becomes an empty polygon. Throws ``GEOSError/malformedGeometry(_:)``
    /// for inconsistent offsets, and ``GEOSError/failed(operation:message:)`` when GEOS rejects a
    /// ring (unclosed, or 1–2 positions; GEOS 3.11 accepts 3 and leaves that to validity).
    package func makeGEOSGeometry(context: GEOSContext) throws -> GEOSGeometry {
        try checkStructure()
        let handle = context.handle
        let made = try coordinates.withUnsafeBufferPointer { buffer -> OpaquePointer in
            // Polygons made so far: ours to free until GEOSGeom_createCollection_r takes them.
            var polygons: [OpaquePointer?] = []
            polygons.reserveCapacity(polygonCount)
            do {
                for polygon in 0..<polygonCount {
                    polygons.append(try makePolygon(polygon, from: buffer, context: context))
                }
            } catch {
                for polygon in polygons { GEOSGeom_destroy_r(handle, polygon) }
                throw error
            }
            if !isMulti {
                // checkStructure() leaves a Polygon at most one part.
                if let polygon = polygons.first ?? nil { return polygon }
                return try makeEmptyPolygon(context: context)
            }
            // GEOSGeom_createCollection_r: returns NULL on exception. It takes ownership of the
            // members even when it fails (GEOS 3.11); the array itself stays ours.
            let collection = polygons.withUnsafeMutableBufferPointer {
                GEOSGeom_createCollection_r(handle, Int32(GEOS_MULTIPOLYGON.rawValue), $0.baseAddress, UInt32($0.count))
            }
            guard let collection else { throw context.failure("GEOSGeom_createCollection_r") }
            return collection
        }
        return GEOSGeometry(owning: made, context: context)
    }

    /// Polygon `index` as an owned `GEOSGeometry*`.
    private func makePolygon(
        _ index: Int, from buffer: UnsafeBufferPointer<Double>, context: GEOSContext
    ) throws -> OpaquePointer {
        let handle = context.handle
        let rings = polygonRings(index)
        guard !rings.isEmpty else { return try makeEmptyPolygon(context: context) }
        // Rings made so far: ours to free until GEOSGeom_createPolygon_r takes them.
        var made: [OpaquePointer?] = []
        made.reserveCapacity(rings.count)
        do {
            for ring in rings {
                made.append(try makeRing(ring, from: buffer, context: context))
            }
        } catch {
            for ring in made { GEOSGeom_destroy_r(handle, ring) }
            throw error
        }
        // GEOSGeom_createPolygon_r: returns NULL on exception. It takes ownership of the shell and
        // the holes even when it fails (GEOS 3.11, GEOS ticket #1111); the array stays ours.
        let polygon = made.withUnsafeMutableBufferPointer { rings in
            GEOSGeom_createPolygon_r(handle, rings[0], rings.baseAddress.map { $0 + 1 }, UInt32(rings.count - 1))
        }
        guard let polygon else { throw context.failure("GEOSGeom_createPolygon_r (polygon \(index))") }
        return polygon
    }

    /// Ring `index` as an owned `GEOSGeometry*` (a LinearRing).
    private func makeRing(
        _ index: Int, from buffer: UnsafeBufferPointer<Double>, context: GEOSContext
    ) throws -> OpaquePointer {
        let handle = context.handle
        let positions = ringRange(index)
        // GEOSCoordSeq_copyFromBuffer_r reads `size` x,y pairs (hasZ 0, hasM 0); checkStructure()
        // keeps them inside `buffer`. GEOSCoordSeq_create_r makes the empty sequence. NULL on exception.
        let sequence =
            if positions.isEmpty {
                GEOSCoordSeq_create_r(handle, 0, 2)
            } else {
                GEOSCoordSeq_copyFromBuffer_r(
                    handle, buffer.baseAddress.map { $0 + 2 * positions.lowerBound }, UInt32(positions.count), 0, 0)
            }
        guard let sequence else { throw context.failure("GEOSCoordSeq_copyFromBuffer_r (ring \(index))") }
        // GEOSGeom_createLinearRing_r: returns NULL on exception (unclosed ring, 1–2 positions);
        // it takes ownership of the sequence even then.
        guard let ring = GEOSGeom_createLinearRing_r(handle, sequence) else {
            throw context.failure("GEOSGeom_createLinearRing_r (ring \(index))")
        }
        return ring
    }

    private func makeEmptyPolygon(context: GEOSContext) throws -> OpaquePointer {
        // GEOSGeom_createEmptyPolygon_r: returns NULL on exception.
        guard let polygon = GEOSGeom_createEmptyPolygon_r(context.handle) else {
            throw context.failure("GEOSGeom_createEmptyPolygon_r")
        }
        return polygon
    }

    /// Reads a GEOS Polygon, MultiPolygon or GeometryCollection of polygons (nested collections
    /// are flattened), copying each ring with `GEOSCoordSeq_copyToBuffer_r`.
    ///
    /// A Polygon gives `isMulti == false`, a collection `true`; empty polygons are left out.
    /// Throws ``GEOSError/unsupportedGeometryType(_:)`` for any other geometry type.
    package init(_ geometry: GEOSGeometry) throws {
        let isMulti = try geometry.isCollection()
        var sequences: [(sequence: OpaquePointer, size: Int)] = []
        var ringEnds: [Int] = []
        var polygonEnds: [Int] = []
        var positionCount = 0
        for polygon in try geometry.polygons() {
            let rings = try geometry.rings(of: polygon)
            guard !rings.isEmpty else { continue }
            for ring in rings {
                let sequence = try geometry.coordinateSequence(of: ring)
                sequences.append(sequence)
                positionCount += sequence.size
                ringEnds.append(positionCount)
            }
            polygonEnds.append(ringEnds.count)
        }
        let coordinates = try [Double](unsafeUninitializedCapacity: 2 * positionCount) { buffer, initialized in
            for (sequence, size) in sequences where size > 0 {
                guard let start = buffer.baseAddress.map({ $0 + initialized }) else { break }
                try geometry.copy(sequence, to: start)
                initialized += 2 * size
            }
        }
        self.init(coordinates: coordinates, ringEnds: ringEnds, polygonEnds: polygonEnds, isMulti: isMulti)
    }
}
