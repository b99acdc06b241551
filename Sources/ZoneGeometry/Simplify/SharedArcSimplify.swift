/// What simplification did to one group.
public struct SimplifyStats: Hashable, Sendable {
    /// Positions of the group before simplification (closing positions included).
    public var verticesBefore: Int
    /// Positions after simplification, repair and dropping of small parts.
    public var verticesAfter: Int
    /// The largest distance, in metres, a border of the group moved: the largest Hausdorff
    /// distance between a piece of one of its arcs before and after (in the city's local frame,
    /// times the frame's worst scale; see
    /// ``SharedArcSimplify/arcDeviations(_:)``). It bounds the Hausdorff distance between the
    /// group's whole boundary before and after from above.
    public var hausdorffM: Double
    /// Polygons dropped for being smaller than `min_area_m2`.
    public var droppedPolygons: Int
    /// Empty holes dropped for being smaller than `min_area_m2`.
    public var droppedHoles: Int
}

/// Simplification of all groups of one city at once, keeping shared borders shared (docs/ARCHITECTURE.md,
/// "The overlay engine"): topology of shared arcs → each arc simplified once, end points fixed →
/// repair until nothing crosses, jumps or collapses → GEOS confirms each group is valid →
/// small parts dropped.
///
/// Never returns invalid geometry: when GEOS still finds a problem, the arcs of the groups
/// concerned go back to their input form and the repair runs again; if even that fails, the city
/// is returned unsimplified, with a note.
package struct SharedArcSimplify {
    package let context: GEOSContext
    package let settings: SimplifyConfig
    /// How close, in degrees, a simplified segment may come to another border (a grid cell).
    package let clearance: Double
    /// The grid, in degrees, when the groups are ``CityOverlay`` output on it (noding has less
    /// to do: ``NodingShortcut``).
    package var snapGrid: Double? = nil

    package init(context: GEOSContext, settings: SimplifyConfig, clearance: Double, snapGrid: Double? = nil) {
        (self.context, self.settings, self.clearance, self.snapGrid) = (context, settings, clearance, snapGrid)
    }

    package struct Output {
        package var groups: [PolygonalGeometry]
        package var stats: [SimplifyStats]
        /// Fallbacks taken, for warnings.
        package var notes: [String]
        /// True when GEOS found every group valid (parts dropped afterwards keep it valid).
        package var checkedValid = false
    }

    /// `groups`: valid polygonal geometries in longitude/latitude whose interiors do not overlap,
    /// best snapped to the output grid (then shared borders are exactly shared, and the output,
    /// a subset of the input's vertices, is on the grid too).
    package func callAsFunction(_ groups: [PolygonalGeometry]) throws -> Output {
        let boxes = groups.compactMap { BoundingBox($0) }
        guard let first = boxes.first else {
            return Output(groups: groups, stats: groups.map { Self.unchanged($0) }, notes: [])
        }
        let frame = LocalFrame(box: boxes.dropFirst().reduce(first) { $0.union($1) })
        let topology = ArcTopology(groups: groups, frame: frame, snapGrid: snapGrid)
        let tolerance = frame.tolerance(metres: settings.toleranceM)
        var arcs = ArcSimplification(topology, method: settings.method, tolerance: tolerance)
        var notes: [String] = []
        var unsimplified = arcs
        for a in topology.arcs.indices { unsimplified.unsimplify(arc: a) }
        if settings.toleranceM <= 0 { arcs = unsimplified }

        var deviation: [Double] = []
        while true {
            // Repair, then hold the bound the report promises: a run of removed vertices farther
            // than the tolerance from its shortcut gets its most significant vertex back and the
            // repair runs again. (Douglas–Peucker alone keeps every run within the tolerance,
            // but a restoration by the repair can leave a neighbouring run wider.)
            // After the first, a repair searches only what the restorations changed.
            var after: (arcs: [Bool], vertices: [Int32])? = nil
            for round in 0... {
                guard round < 1_000, arcs.repair(clearance: clearance, after: after) != nil else {
                    notes.append("the repair of the simplified borders did not converge; the city is left unsimplified")
                    return Output(groups: groups, stats: groups.map { Self.unchanged($0) }, notes: notes)
                }
                var changed = [Bool](repeating: false, count: topology.arcs.count)
                var restored: [Int32] = []
                for a in topology.arcs.indices {
                    for run in runs(ofArc: a, arcs) where run.metres > settings.toleranceM {
                        guard let k = arcs.mostSignificantRemoved(arc: a, between: run.first, and: run.last) else {
                            continue
                        }
                        arcs.kept[a][k] = true
                        changed[a] = true
                        restored.append(topology.arcs[a][k])
                    }
                }
                if restored.isEmpty { break }
                after = (changed, restored)
            }
            deviation = arcDeviations(arcs)
            let problems = try geosProblems(arcs.geometries())
            guard !problems.groups.isEmpty else { break }
            var changed = false
            for g in problems.groups.sorted() {
                for rings in topology.groups[g] {
                    for r in rings {
                        for u in topology.rings[r] where arcs.unsimplify(arc: u.arc) { changed = true }
                    }
                }
            }
            notes.append(
                "GEOS found \(problems.description) after simplification; the borders of \(problems.groups.count) group(s) were left unsimplified"
            )
            guard changed else {
                notes.append("the input itself fails the check; the city is left unsimplified")
                return Output(groups: groups, stats: groups.map { Self.unchanged($0) }, notes: notes)
            }
        }

        let kept = arcs.droppingSmallParts(minAreaM2: settings.minAreaM2)
        let stats = groups.indices.map { g in
            var worst = 0.0
            for rings in topology.groups[g] {
                for r in rings {
                    for u in topology.rings[r] { worst = max(worst, deviation[u.arc]) }
                }
            }
            return SimplifyStats(
                verticesBefore: groups[g].positionCount, verticesAfter: kept.groups[g].positionCount,
                hausdorffM: worst, droppedPolygons: kept.droppedPolygons[g], droppedHoles: kept.droppedHoles[g])
        }
        return Output(groups: kept.groups, stats: stats, notes: notes, checkedValid: true)
    }

    package static func unchanged(_ g: PolygonalGeometry) -> SimplifyStats {
        SimplifyStats(
            verticesBefore: g.positionCount, verticesAfter: g.positionCount, hausdorffM: 0, droppedPolygons: 0,
            droppedHoles: 0)
    }

    /// The groups found invalid, with GEOS's reasons (GEOS decides where
    /// ``PolygonalGeometry/isCertainlyValid`` is not certain).
    ///
    /// Overlap between groups is not checked again here: the groups share their arcs, and the
    /// repair (``ArcSimplification/repair(clearance:maxRounds:)``) already ensures that no
    /// simplified arc crosses, touches or jumps over another, which is what an overlap would
    /// need. (A pairwise GEOS relate of every two groups was half of the simplification's time.)
    func geosProblems(_ geometries: [PolygonalGeometry]) throws -> (groups: Set<Int>, description: String) {
        var bad = Set<Int>()
        var found: [String] = []
        for (g, geometry) in geometries.enumerated() {
            if let reason = try geometry.invalidityReason(context: context) {
                bad.insert(g)
                found.append("group \(g) invalid (\(reason))")
            }
        }
        return (bad, found.joined(separator: ", "))
    }

    /// The runs of removed vertices of arc `a`: the kept index before, the kept index after,
    /// and an upper bound in metres of how far the run lies from the shortcut that replaced it
    /// (``runDeviation(_:arc:_:_:)`` times the frame's worst scale: the frame can understate an
    /// east–west distance by that much).
    package func runs(ofArc a: Int, _ arcs: ArcSimplification) -> [(first: Int, last: Int, metres: Double)] {
        let t = arcs.topology
        let kept = arcs.kept[a]
        var out: [(first: Int, last: Int, metres: Double)] = []
        var first = 0
        for k in 1..<kept.count where kept[k] {
            defer { first = k }
            guard k > first + 1 else { continue }
            out.append((first, k, runDeviation(t, arc: a, first, k) * t.frame.worstScale))
        }
        return out
    }

    /// Hausdorff distance, in the local frame, between vertices first...last of arc `a` and
    /// the segment joining the two: the largest distance of a vertex from that segment. (The
    /// other direction is never larger: the run goes from one end of the segment to the other,
    /// so every point of the segment has a point of the run straight across, on a run segment
    /// whose ends are each within that largest distance.)
    func runDeviation(_ t: ArcTopology, arc a: Int, _ first: Int, _ last: Int) -> Double {
        let p = t.xy(t.arcs[a][first])
        let q = t.xy(t.arcs[a][last])
        let dx = q.x - p.x
        let dy = q.y - p.y
        let length2 = dx * dx + dy * dy
        var worst = 0.0
        for i in (first + 1)..<last {
            let v = t.xy(t.arcs[a][i])
            var u = length2 > 0 ? ((v.x - p.x) * dx + (v.y - p.y) * dy) / length2 : 0
            u = min(1, max(0, u))
            let ex = v.x - (p.x + u * dx)
            let ey = v.y - (p.y + u * dy)
            worst = max(worst, ex * ex + ey * ey)
        }
        return worst.squareRoot()
    }

    /// Per arc, an upper bound of the Hausdorff distance in metres between it before and after
    /// simplification (0 for arcs that kept every vertex): the largest Hausdorff distance
    /// between a run of removed vertices (with its two kept ends) and the segment that replaced
    /// it (``runDeviation(_:arc:_:_:)``). Every point of the arc before
    /// lies on such a run and every point after on its segment, so the arc's distance is at
    /// most that; measuring runs keeps the cost linear in the arc's length.
    func arcDeviations(_ arcs: ArcSimplification) -> [Double] {
        arcs.topology.arcs.indices.map { a in runs(ofArc: a, arcs).map(\.metres).max() ?? 0 }
    }
}
