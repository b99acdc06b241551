extension ArcSimplification {
    /// The groups as simplified now, without the polygons whose area (``sphericalArea(_:)``,
    /// holes subtracted) and the holes whose area is below `minAreaM2`, with the counts dropped.
    ///
    /// A hole is only dropped when it is empty: none of its arcs is shared with another ring
    /// and no other ring has a vertex inside it. Filling a hole that holds another zone would
    /// make the two overlap.
    func droppingSmallParts(minAreaM2: Double) -> (
        groups: [PolygonalGeometry], droppedPolygons: [Int], droppedHoles: [Int]
    ) {
        let t = topology
        var arcUses = [Int](repeating: 0, count: t.arcs.count)
        for ring in t.rings { for u in ring { arcUses[u.arc] += 1 } }
        let rings = t.rings.indices.map { ringVertices($0) }

        func flat(_ members: [Int]) -> PolygonalGeometry {
            var g = PolygonalGeometryBuilder()
            for r in members {
                for v in rings[r] {
                    let p = t.lonLat(v)
                    g.add(x: p.x, y: p.y)
                }
                g.closeRing()
            }
            g.closePolygon()
            return g.build()
        }
        func isEmptyHole(_ h: Int) -> Bool {
            guard t.rings[h].allSatisfy({ arcUses[$0.arc] == 1 }) else { return false }
            let hole = rings[h]
            var box = BoundingBox(west: .infinity, south: .infinity, east: -.infinity, north: -.infinity)
            for v in hole {
                let p = t.lonLat(v)
                box.west = min(box.west, p.x)
                box.east = max(box.east, p.x)
                box.south = min(box.south, p.y)
                box.north = max(box.north, p.y)
            }
            for (r, ring) in rings.enumerated() where r != h {
                for v in ring.dropLast() {
                    let p = t.lonLat(v)
                    guard box.west <= p.x, p.x <= box.east, box.south <= p.y, p.y <= box.north else { continue }
                    if pointInPolygon(p, count: hole.count - 1, { t.lonLat(hole[$0]) }) { return false }
                }
            }
            return true
        }

        var groups: [PolygonalGeometry] = []
        var droppedPolygons = [Int](repeating: 0, count: t.groups.count)
        var droppedHoles = [Int](repeating: 0, count: t.groups.count)
        for (g, polygons) in t.groups.enumerated() {
            var out = PolygonalGeometryBuilder()
            for members in polygons {
                var keptRings = members
                if minAreaM2 > 0 {
                    guard sphericalArea(flat(members)) >= minAreaM2 else {
                        droppedPolygons[g] += 1
                        continue
                    }
                    keptRings = [members[0]]
                    for h in members.dropFirst() {
                        if sphericalArea(flat([h])) < minAreaM2 && isEmptyHole(h) {
                            droppedHoles[g] += 1
                        } else {
                            keptRings.append(h)
                        }
                    }
                }
                for r in keptRings {
                    for v in rings[r] {
                        let p = t.lonLat(v)
                        out.add(x: p.x, y: p.y)
                    }
                    out.closeRing()
                }
                out.closePolygon()
            }
            groups.append(out.build())
        }
        return (groups, droppedPolygons, droppedHoles)
    }
}
