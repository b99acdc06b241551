import Foundation
import ZoneSupport

/// Dissolve, overlap priority and snapping to the output grid of one city's groups in a single
/// planar overlay (docs/ARCHITECTURE.md, "The overlay engine"; replaces GEOS union, difference and
/// snap-rounding per group):
///
/// 1. every ring, oriented with its area on the left, goes onto a fine integer grid (100 fine
///    units per output unit) as segments labelled with its group;
/// 2. snap rounding to the output grid nodes all of them at once (``SnapRounder``), so borders
///    that groups share become the same edges;
/// 3. the noded edges form a planar graph whose faces get coverage counts per group
///    (``FaceLabels``);
/// 4. a face belongs to the highest-priority group covering it (with `priority`), or to every
///    group covering it (without), and each group's rings are traced around its faces
///    (``CoverageRings``). Gap fills (``Fill``) rank below every group: a face that no group
///    covers goes to the group of a fill covering it, so a fill never takes a zone's ground.
///
/// The result is valid by construction: on the grid, no edge crosses another, rings never
/// touch themselves, and neighbouring groups share their border edges exactly. Input polygons
/// must be valid (repair comes first).
package struct CityOverlay {
    package let precision: Int
    package let priority: Bool
    /// Cores lent to the snap rounding (``IdleCores``).
    package var cores = IdleCores.none
    /// Trace each group's rings in a pass of its own rather than all in one, as is done without
    /// `priority` when groups share a face (the tests compare the two).
    var tracesGroupsOneByOne = false

    /// Grid lines, in output grid units, that every border is noded at: a border crossing one
    /// gets a vertex on it there (``GridLines``).
    package var nodedAt = GridLines()

    package init(precision: Int, priority: Bool, cores: IdleCores = .none, tracesGroupsOneByOne: Bool = false) {
        (self.precision, self.priority, self.cores) = (precision, priority, cores)
        self.tracesGroupsOneByOne = tracesGroupsOneByOne
    }

    package struct Output {
        /// Per group, in input order, its area as a MultiPolygon on the grid (possibly empty).
        package var groups: [PolygonalGeometry]
        /// Area, in m², that a higher group took from a lower one (priority only).
        package var contested: [(winner: Int, loser: Int, squareMetres: Double)]
        /// Per group, input exteriors and holes thinner than the grid: rounded on their own
        /// they have no area left, and they vanish from the output.
        package var collapsedPolygons: [Int]
        package var collapsedHoles: [Int]
        /// The gaps: connected areas no group covers but fills do (``GapRegions``).
        package var gaps: [GapRegion] = []
        /// Per group, the area in m² (on the sphere) its fills closed.
        package var closedSquareMetres: [Double] = []
        /// With ``tracksCoverBorders``, the border of the area the groups cover, in edge order.
        package var coverBorders: [CoverBorder] = []
    }

    /// An edge of the border of the area the groups cover (some group on one side, none on
    /// the other), on the output grid (units of 10^-precision degrees), directed with the
    /// covered side on its left; `feature` drew it (its index among the input geometries, in
    /// group order).
    package struct CoverBorder {
        package var from: GridPoint
        package var to: GridPoint
        package var feature: Int32
    }

    /// Keep the groups' cover border (``Output/coverBorders``), each edge with a feature that
    /// drew it: the overlay's segments then carry their features through snap rounding.
    package var tracksCoverBorders = false

    /// A gap piece (``GapFinder/Piece``) to fill: it goes to `groups` where no group covers it
    /// (with `priority`, to the first of them); with no groups it is only measured.
    package struct Fill {
        package var ring: [(lon: Double, lat: Double)]
        package var groups: [Int]
    }

    /// Fine units per output grid unit.
    static let pixel: Int64 = 100

    package func callAsFunction(_ groups: [[PolygonalGeometry]], fills: [Fill] = []) throws -> Output {
        let unit = pow10(precision)
        let fineScale = unit * Double(Self.pixel)
        var segments = SegmentCollector(
            capacity: groups.reduce(0) { $0 + $1.reduce(0) { $0 + $1.positionCount } } + 4 * fills.count,
            tracksFeatures: tracksCoverBorders)
        var collapsedPolygons = [Int](repeating: 0, count: groups.count)
        var collapsedHoles = collapsedPolygons
        var feature: Int32 = 0
        for (g, polygons) in groups.enumerated() {
            for geometry in polygons {
                defer { feature += 1 }
                for p in 0..<geometry.polygonCount {
                    for r in geometry.polygonRings(p) {
                        let exterior = r == geometry.polygonRings(p).lowerBound
                        if Self.addRing(
                            geometry, r, exterior: exterior, group: Int32(g), feature: feature, scale: fineScale,
                            to: &segments)
                        {
                            if exterior { collapsedPolygons[g] += 1 } else { collapsedHoles[g] += 1 }
                        }
                    }
                }
            }
        }
        let groupCount = groups.count
        // Labels: the groups, then one fill label per group, then one for fills only measured.
        let fillLabels = fills.isEmpty ? 0 : groupCount + 1
        for fill in fills {
            let geometry = Self.polygon(fill.ring)
            for label in fill.groups.isEmpty ? [2 * groupCount] : fill.groups.map({ groupCount + $0 }) {
                Self.addRing(geometry, 0, exterior: true, group: Int32(label), scale: fineScale, to: &segments)
            }
        }
        var rounder = SnapRounder(pixel: Self.pixel, cores: cores)
        rounder.lines = nodedAt
        let graph = PlanarGraph(rounder(segments.finish()), sphericalUnit: unit)
        let labels = try FaceLabels(graph, groupCount: groupCount + fillLabels)
        let cycles = graph.cycleCount
        // A face no group covers, that fills do: a gap.
        let isGap =
            fills.isEmpty
            ? [Bool](repeating: false, count: cycles)
            : (0..<cycles).map { c in
                !labels.isCovered(cycle: c, in: 0..<groupCount)
                    && labels.isCovered(cycle: c, in: groupCount..<(2 * groupCount + 1))
            }
        // The groups a face belongs to, ascending: those whose count there is positive, or on a
        // gap those whose fill covers it.
        // (The labels of face c to read, and what to subtract from them to get groups.)
        func membership(_ c: Int) -> (labels: Range<Int>, offset: Int) {
            isGap[c] ? (groupCount..<(2 * groupCount), groupCount) : (0..<groupCount, 0)
        }
        func forEachGroup(of c: Int, _ body: (Int32) -> Void) {
            let (range, offset) = membership(c)
            labels.forEachCovering(cycle: c, in: range) { body(Int32($0 - offset)) }
        }
        func groupsOf(_ c: Int) -> [Int32] {
            var groups: [Int32] = []
            forEachGroup(of: c) { groups.append($0) }
            return groups
        }
        // With priority, owner[c] is the one group a face belongs to (-1: none), the first.
        let owner: [Int32] =
            priority
            ? (0..<cycles).map { c -> Int32 in
                let (range, offset) = membership(c)
                return Int32(labels.firstCovering(cycle: c, in: range).map { $0 - offset } ?? -1)
            } : []
        let rings = CoverageRings(graph: graph, faces: labels.faces)
        // Without priority, groups that share no face (disjoint zones, snapped again) are traced
        // in one pass too, as if each face's one group owned it.
        let exclusive =
            priority || tracesGroupsOneByOne
            ? nil
            : Self.soleOwners(cycles: cycles, forEachGroup: forEachGroup)
        let out =
            (priority && !tracesGroupsOneByOne) || exclusive != nil
            ? try rings.polygons(owner: exclusive ?? owner, groupCount: groupCount).map {
                Self.geometry($0, unit: unit)
            }
            : try rings.polygons(
                groupCount: groupCount,
                groupsOf: (0..<cycles).map { c in priority ? (owner[c] >= 0 ? [owner[c]] : []) : groupsOf(c) }
            ).map { Self.geometry($0, unit: unit) }
        var output = Output(
            groups: out, contested: priority ? contested(graph, labels, owner, groupCount: groupCount) : [],
            collapsedPolygons: collapsedPolygons, collapsedHoles: collapsedHoles)
        if tracksCoverBorders { output.coverBorders = Self.coverBorders(graph, labels, groupCount: groupCount) }
        if !fills.isEmpty {
            let regions = GapRegions(graph: graph, faces: labels.faces, isGap: isGap, unit: unit)
            output.gaps = regions.regions { c in
                priority ? (owner[c] >= 0 ? [Int(owner[c])] : []) : isGap[c] ? groupsOf(c).map { Int($0) } : []
            }
            output.closedSquareMetres = [Double](repeating: 0, count: groupCount)
            for gap in output.gaps {
                for (g, m2) in zip(gap.groups, gap.closedSquareMetres) { output.closedSquareMetres[g] += m2 }
            }
        }
        return output
    }

    /// Per cycle, the one group that has it (-1: none); nil when a cycle has two.
    static func soleOwners(cycles: Int, forEachGroup: (Int, (Int32) -> Void) -> Void) -> [Int32]? {
        var owner = [Int32](repeating: -1, count: cycles)
        var shared = false
        for c in 0..<cycles {
            forEachGroup(c) { g in
                if owner[c] >= 0 { shared = true } else { owner[c] = g }
            }
            if shared { return nil }
        }
        return owner
    }

    /// The edges with groups on one side and none on the other, directed with the groups on
    /// their left, each with the feature of the first group (in priority order) that covers
    /// that side (``PlanarGraph/deltaFeatures``).
    package static func coverBorders(_ graph: PlanarGraph, _ labels: FaceLabels, groupCount: Int) -> [CoverBorder] {
        let covered = (0..<graph.cycleCount).map { c in labels.isCovered(cycle: c, in: 0..<groupCount) }
        var out: [CoverBorder] = []
        for e in 0..<graph.edgeCount {
            let left = covered[Int(graph.cycleOf[2 * e])]
            guard left != covered[Int(graph.cycleOf[2 * e + 1])] else { continue }
            let h = left ? 2 * e : 2 * e + 1
            var feature: Int32 = -1
            for k in Int(graph.deltaStart[e])..<Int(graph.deltaStart[e + 1]) {
                let value = h & 1 == 0 ? graph.deltaValues[k] : -graph.deltaValues[k]
                if value > 0 {
                    feature = graph.deltaFeatures.isEmpty ? -1 : graph.deltaFeatures[k]
                    break
                }
            }
            out.append(
                CoverBorder(
                    from: graph.nodes[graph.origin(h)], to: graph.nodes[graph.destination(h)], feature: feature))
        }
        return out
    }

    /// Appends the segments of ring r on the fine grid, directed with the area on the left;
    /// rings that collapse on the fine grid (fewer than three points, no area) are skipped.
    /// Returns true when the ring has area on the fine grid but none rounded to the output grid.
    @discardableResult
    static func addRing(
        _ geometry: PolygonalGeometry, _ r: Int, exterior: Bool, group: Int32, feature: Int32 = -1, scale: Double,
        to segments: inout SegmentCollector
    ) -> Bool {
        var points: [GridPoint] = []
        let range = geometry.ringRange(r)
        points.reserveCapacity(range.count)
        for i in range {
            let (x, y) = geometry.position(i)
            let p = GridPoint(x: Int64((x * scale).rounded()), y: Int64((y * scale).rounded()))
            if points.last != p { points.append(p) }
        }
        if points.count > 1 && points.first == points.last { points.removeLast() }
        let area = Self.area2(points)
        guard points.count >= 3, area != 0 else { return false }
        let forward = (area > 0) == exterior
        for i in 0..<points.count {
            let a = points[i]
            let b = points[i + 1 == points.count ? 0 : i + 1]
            if forward {
                segments.append(a, b, group: group, feature: feature)
            } else {
                segments.append(b, a, group: group, feature: feature)
            }
        }
        let rounder = SnapRounder(pixel: Self.pixel)
        return Self.area2(points) { rounder.pixelOf($0) } == 0
    }

    /// An open ring of longitude/latitude points (a gap piece) as a polygon.
    package static func polygon(_ ring: [(lon: Double, lat: Double)]) -> PolygonalGeometry {
        var g = PolygonalGeometryBuilder()
        for p in ring { g.add(x: p.lon, y: p.lat) }
        g.add(x: ring[0].lon, y: ring[0].lat)
        g.closeRing()
        g.closePolygon()
        return g.build(checkRings: false)
    }

    /// Twice the signed area of an open ring, of its points mapped by `map`.
    static func area2(_ points: [GridPoint], _ map: (GridPoint) -> GridPoint = { $0 }) -> Int128 {
        guard points.count >= 3 else { return 0 }
        var area: Int128 = 0
        let first = map(points[0])
        var p = map(points[1])
        for i in 1..<(points.count - 1) {
            let q = map(points[i + 1])
            area += cross(first, p, q)
            p = q
        }
        return area
    }

    /// Grid rings as a flat MultiPolygon in degrees (coordinates exactly the decimals of the grid).
    package static func geometry(_ polygons: [[[GridPoint]]], unit: Double) -> PolygonalGeometry {
        var g = PolygonalGeometryBuilder()
        for polygon in polygons {
            for ring in polygon {
                for p in ring { g.add(x: Double(p.x) / unit, y: Double(p.y) / unit) }
                g.closeRing()
            }
            g.closePolygon()
        }
        return g.build()
    }

    /// Per face taken by a group, the area of every lower group that covers it too, on the
    /// sphere (``PlanarGraph/squareMetres(cycles:)``, measured for these cycles only): a face
    /// is its cycles, outer border minus the parts inside.
    private func contested(
        _ graph: PlanarGraph, _ labels: FaceLabels, _ owner: [Int32], groupCount: Int
    ) -> [(winner: Int, loser: Int, squareMetres: Double)] {
        func forEachLoser(_ c: Int, _ body: (Int) -> Void) {
            guard owner[c] >= 0 else { return }
            labels.forEachCovering(cycle: c, in: 0..<groupCount) { g in if g != Int(owner[c]) { body(g) } }
        }
        let wanted = (0..<graph.cycleCount).map { c in
            var any = false
            forEachLoser(c) { _ in any = true }
            return any
        }
        let areas = graph.squareMetres(cycles: wanted)
        // Keyed winner * G + loser; only the pairs some face adds to.
        var totals: [Int: Double] = [:]
        for c in 0..<graph.cycleCount where wanted[c] {
            forEachLoser(c) { g in totals[Int(owner[c]) * groupCount + g, default: 0] += areas[c] }
        }
        return totals.keys.sorted().map { k in (winner: k / groupCount, loser: k % groupCount, squareMetres: totals[k]!)
        }
    }
}
