/// Snap-rounding of a whole city to a grid of `gridSize` degrees, keeping the borders that
/// groups share identical.
///
/// Rounding each group on its own would let a shared border round differently on its two
/// sides (snap-rounding adds vertices where a segment passes a "hot" grid cell, and those cells
/// depend on all the geometry being rounded). So the city's linework is noded and snap-rounded
/// once (GEOSUnaryUnionPrec_r), polygonized into faces, and each face goes to the group whose
/// unrounded area holds a point inside it. Faces meet along exactly shared edges, so each group
/// is the coverage union of its faces: valid, on the grid, and without slivers between groups.
/// Parts thinner than the grid collapse into lines and disappear.
struct SnapToGrid {
    let context: GEOSContext
    let gridSize: Double

    func callAsFunction(_ groups: [GEOSGeometry]) throws -> [GEOSGeometry] {
        let lines = try groups.flatMap { try $0.boundary().lineStringPointers() }
        let linework = try GEOSGeometry.collection(of: lines, type: .multiLineString, context: context)
        let faces = try linework.unaryUnion(gridSize: gridSize).polygonize()
        let prepared = try groups.map { try PreparedGeometry($0) }
        let boxes = try groups.map { BoundingBox(try PolygonalGeometry($0)) }
        var owned: [[OpaquePointer]] = Array(repeating: [], count: groups.count)
        for face in try faces.polygonPointers() {
            let single = try GEOSGeometry.collection(of: [face], type: .multiPolygon, context: context)
            let p = try single.pointOnSurface()
            for (g, box) in boxes.enumerated() {
                guard let box, box.west <= p.x, p.x <= box.east, box.south <= p.y, p.y <= box.north else { continue }
                if try prepared[g].contains(x: p.x, y: p.y) { owned[g].append(face) }
            }
        }
        return try owned.map { faces in
            try GEOSGeometry.collection(of: faces, type: .multiPolygon, context: context).coverageUnion().polygonalPart()
        }
    }
}
