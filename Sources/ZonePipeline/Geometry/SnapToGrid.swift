/// Snap-rounding of a whole city to a grid of `gridSize` degrees, keeping the borders that
/// groups share identical.
///
/// Rounding each group on its own would let a shared border round differently on its two
/// sides (snap-rounding adds vertices where a segment passes a "hot" grid cell, and those cells
/// depend on all the geometry being rounded). So the city's linework is noded and snap-rounded
/// once (GEOSUnaryUnionPrec_r), polygonized into faces, and each face goes to the group whose
/// unrounded area holds a point inside it. Faces meet along exactly shared edges, so each group
/// is the coverage union of its faces: valid, on the grid, and without slivers between groups.
/// (Where its faces share no edge, they already are that union, which a validity test shows.)
/// Parts thinner than the grid collapse into lines and disappear.
struct SnapToGrid {
    let context: GEOSContext
    let gridSize: Double

    func callAsFunction(_ groups: [GEOSGeometry]) throws -> [GEOSGeometry] {
        let linework = try GEOSGeometry.multiLineString(of: try groups.map { try $0.boundary() }, context: context)
        let faces = try linework.unaryUnion(gridSize: gridSize).polygonize().separatePolygons()
        let prepared = try groups.map { try PreparedGeometry($0) }
        let boxes = try groups.map { BoundingBox(try PolygonalGeometry($0)) }
        var owned: [[GEOSGeometry]] = Array(repeating: [], count: groups.count)
        for face in faces {
            let p = try face.pointOnSurface()
            for (g, box) in boxes.enumerated() {
                guard let box, box.west <= p.x, p.x <= box.east, box.south <= p.y, p.y <= box.north else { continue }
                if try prepared[g].contains(x: p.x, y: p.y) { owned[g].append(face) }
            }
        }
        return try owned.map { faces in
            // With priority, faces of one group rarely share an edge (a group's polygons were
            // dissolved), and then they already form a valid MultiPolygon; union only if not.
            let parts = try GEOSGeometry.multiPolygon(of: faces, context: context)
            return try parts.invalidityReason() == nil ? parts : try parts.coverageUnion().polygonalPart()
        }
    }
}
