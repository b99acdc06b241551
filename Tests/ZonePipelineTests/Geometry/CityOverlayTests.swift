import TestSupport
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// The planar overlay's own cases: pinch points, exact sharing of carved borders, crossings
/// that fall between grid points, and its snap rounding against exact predicates.
@Suite struct CityOverlayTests {
    /// A bay whose mouth closes to a point: the square [0, 4]² with a triangular hole touching
    /// its exterior at (2, 0). The OGC form is one exterior and one hole meeting at that point;
    /// a single ring passing (2, 0) twice would be invalid.
    @Test func bayClosedToAPointIsAnExteriorAndAHole() throws {
        let hole = [2.0, 0, 1, 2, 3, 2, 2, 0]
        let input = flat([[square(0, 0, 4), hole]])
        let out = try CityOverlay(precision: 6, priority: false)([[input]]).groups[0]
        #expect(try geosInvalidity(out, context: GEOSContext()) == nil)
        #expect(out.polygonCount == 1 && out.ringCount == 2)
        #expect(abs(planarArea(out) - (16 - 2)) < 1e-9)
    }

    /// Two triangles of one group that touch only at their lowest vertex, and two holes of one
    /// square that do the same: the output's order is the rings' own (compared point by point),
    /// not the order of a hashed table, which changes from run to run and made tile archives
    /// differ between two builds of the same input.
    @Test func polygonsSharingTheirLowestVertexComeOutInOneOrder() throws {
        let a = [0.0, 0, 3, 1, 2, 2, 0, 0]
        let b = [0.0, 0, -1, 2, -3, 1, 0, 0]
        let holeA = [5.0, 2, 6, 4, 7, 3, 5, 2]
        let holeB = [5.0, 2, 3, 3, 4, 4, 5, 2]
        let input = flat([[a], [b], [square(0, 1, 10), holeA, holeB].map { $0.map { $0 + 20 } }])
        func rings(_ g: PolygonalGeometry) -> [[[Double]]] {
            (0..<g.polygonCount).map { p in
                g.polygonRings(p).map { r in g.ringRange(r).flatMap { i in [g.position(i).x, g.position(i).y] } }
            }
        }
        func precedes(_ r: [Double], _ s: [Double]) -> Bool {
            // GridPoint's order: y, then x.
            let p = stride(from: 0, to: r.count, by: 2).map { [r[$0 + 1], r[$0]] }
            let q = stride(from: 0, to: s.count, by: 2).map { [s[$0 + 1], s[$0]] }
            return p.lexicographicallyPrecedes(q) { $0.lexicographicallyPrecedes($1) }
        }
        var outputs: Set<[[[Double]]]> = []
        for _ in 0..<16 {
            let out = rings(try CityOverlay(precision: 0, priority: false)([[input]]).groups[0])
            #expect(out.count == 3 && out.map(\.count) == [1, 1, 3])
            #expect(zip(out, out.dropFirst()).allSatisfy { precedes($0[0], $1[0]) })
            if out.count == 3 && out[2].count == 3 { #expect(precedes(out[2][1], out[2][2])) }
            outputs.insert(out)
        }
        #expect(outputs.count == 1)
    }

    /// Two overlapping squares of two groups with priority: the lower group loses exactly the
    /// overlap, and both outputs use the same vertices along the border they now share.
    @Test func carvedBorderIsSharedExactly() throws {
        let high = flat([[square(0.5, 0.5, 1)]])
        let low = flat([[square(0, 0, 1)]])
        let out = try CityOverlay(precision: 6, priority: true)([[high], [low]])
        let context = try GEOSContext()
        #expect(try geosInvalidity(out.groups[1], context: context) == nil)
        #expect(abs(planarArea(out.groups[0]) - 1) < 1e-12)
        #expect(abs(planarArea(out.groups[1]) - 0.75) < 1e-12)
        let highVertices = Set(vertices(out.groups[0]).map { [$0.x, $0.y] })
        let shared = vertices(out.groups[1]).filter { highVertices.contains([$0.x, $0.y]) }
        #expect(Set(shared.map { [$0.x, $0.y] }) == [[0.5, 0.5], [1, 0.5], [0.5, 1]])
        #expect(out.contested.count == 1 && out.contested[0].winner == 0 && out.contested[0].loser == 1)
    }

    /// Thin crossing triangles whose crossings fall between grid points, at 3 decimals: the
    /// output is valid, on the grid, and every vertex is within half a cell diagonal of an input
    /// border (snap rounding's guarantee).
    @Test func crossingsBetweenGridPointsAreSnapRounded() throws {
        let a = [0.0, 0.0, 0.0104, 0.0031, 0.0001, 0.0067, 0.0, 0.0]
        let b = [0.0102, 0.0, 0.0103, 0.0071, -0.0003, 0.0039, 0.0102, 0.0]
        let inputs = [flat([[a]]), flat([[b]])]
        let out = try CityOverlay(precision: 3, priority: true)(inputs.map { [$0] })
        let context = try GEOSContext()
        for g in out.groups {
            #expect(try geosInvalidity(g, context: context) == nil)
            #expect(offGridCoordinates(g, precision: 3).isEmpty)
            for v in vertices(g) { #expect(distanceToBoundary(v.x, v.y, of: inputs) <= 0.001 * 0.7072) }
        }
    }

    /// Clusters far apart in one overlay (a `group_by` unit over several cities): 60 stacked in
    /// one column of longitude, one far east, so equal-width ray columns would hold nearly every
    /// edge in one. Each cluster, a square with a hole under an overlapping square of a higher
    /// group, comes out as it does alone: the holes find their faces. Clusters of a thousandth
    /// of a degree are too many cells apart to number the cells of their box in 32 bits.
    @Test(arguments: [1.0, 0.001])
    func clustersFarApartComeOutAsEachAlone(size: Double) throws {
        func cluster(_ x: Double, _ y: Double) -> [PolygonalGeometry] {
            [
                flat([[square(x + 0.5 * size, y + 0.5 * size, size)]]),
                flat([[square(x, y, size), reversed(square(x + 0.2 * size, y + 0.2 * size, 0.2 * size))]]),
            ]
        }
        let alone = try CityOverlay(precision: 6, priority: true)(cluster(0, 0).map { [$0] })
        let origins = (0..<60).map { (0.0, 10.0 * Double($0)) } + [(170.0, 0.0)]
        let clusters = origins.map { cluster($0.0, $0.1) }
        let all = try CityOverlay(precision: 6, priority: true)([clusters.map { $0[0] }, clusters.map { $0[1] }])
        let context = try GEOSContext()
        for g in 0..<2 {
            #expect(try geosInvalidity(all.groups[g], context: context) == nil)
            #expect(all.groups[g].polygonCount == origins.count * alone.groups[g].polygonCount)
            #expect(all.groups[g].ringCount == origins.count * alone.groups[g].ringCount)
            #expect(
                abs(planarArea(all.groups[g]) - Double(origins.count) * planarArea(alone.groups[g])) < 1e-6 * size
                    * size)
        }
        #expect(alone.groups[1].ringCount == 2, "the lower square keeps its hole")
    }

    /// The exact segment–cell test on half-open cells: a segment through the cell meets it; one
    /// ending on its lower-left corner meets it; one touching only its upper-left corner or
    /// running along its top edge does not (those points are the neighbours'); one passing a
    /// fine unit outside does not.
    @Test func segmentCellTestIsExactOnHalfOpenCells() {
        let rounder = SnapRounder(pixel: 100)
        let cell = GridPoint(x: 1, y: 1)  // fine square [50, 150)²
        #expect(rounder.hits(GridPoint(x: 0, y: 200), GridPoint(x: 200, y: 0), pixel: cell))
        #expect(rounder.hits(GridPoint(x: 0, y: 0), GridPoint(x: 50, y: 50), pixel: cell))
        #expect(!rounder.hits(GridPoint(x: 0, y: 100), GridPoint(x: 50, y: 150), pixel: cell))
        #expect(!rounder.hits(GridPoint(x: 0, y: 150), GridPoint(x: 200, y: 150), pixel: cell))
        #expect(rounder.hits(GridPoint(x: 0, y: 50), GridPoint(x: 200, y: 50), pixel: cell))
        #expect(!rounder.hits(GridPoint(x: 0, y: 101), GridPoint(x: 49, y: 150), pixel: cell))
        // A diagonal through the corner (150, 150) meets this cell and the one above right only.
        #expect(rounder.hits(GridPoint(x: 100, y: 100), GridPoint(x: 200, y: 200), pixel: cell))
        #expect(!rounder.hits(GridPoint(x: 100, y: 200), GridPoint(x: 200, y: 100), pixel: cell))
        #expect(rounder.pixelOf(GridPoint(x: 50, y: -50)) == GridPoint(x: 1, y: 0))
        #expect(rounder.pixelOf(GridPoint(x: 49, y: -51)) == GridPoint(x: 0, y: -1))
    }

    /// The separating-axis test agrees with the exact clipping wherever it decides, for every
    /// segment with ends in a small window around one cell (through its corners, along its
    /// edges, grazing it), and it decides most of those whose boxes overlap the cell's.
    @Test func separatingAxesAgreeWithClipping() {
        let rounder = SnapRounder(pixel: 4)
        let cell = GridPoint(x: 0, y: 0)  // fine square [-2, 2)²
        let window = (-5...5).flatMap { x in (-5...5).map { GridPoint(x: Int64(x), y: Int64($0)) } }
        var decided = 0
        var undecided = 0
        for a in window {
            for b in window where a != b {
                let exact = rounder.clipMeetsCell(a, b, pixel: cell)
                if let quick = rounder.separatingAxes(a, b, pixel: cell) {
                    #expect(quick == exact, "\(a) \(b)")
                    decided += 1
                } else {
                    undecided += 1
                }
            }
        }
        #expect(decided > 2 * undecided)
    }

    /// Snap rounding's predicates, and the planar graph's angles and cycle areas, in Int64
    /// (wrapping sums, where the points' box is under 2^30 a side) give what they give in
    /// Int128, on a real city's segments moved and turned so that they cross.
    @Test func int64AndInt128LinkTheSameFaces() throws {
        let path = zonesRealDirectory.appendingPathComponent("paris.geojson").path
        let features = GeoJSONReader.read(try SourceText(contentsOf: path)).features
        var collector = SegmentCollector(capacity: 1 << 16)
        for (g, f) in features.enumerated() {
            guard var geometry = f.geometry else { continue }
            for r in 0..<geometry.ringCount {
                CityOverlay.addRing(geometry, r, exterior: true, group: Int32(g % 3), scale: 1e8, to: &collector)
            }
            // A copy a little moved and turned: its borders cross the others'.
            geometry.mapPositions { x, y in
                (x, y) = (2.35 + (x - 2.35) * 0.999 - (y - 48.86) * 0.03, y + (x - 2.35) * 0.03 + 1e-4)
            }
            for r in 0..<geometry.ringCount {
                CityOverlay.addRing(geometry, r, exterior: true, group: Int32(g % 3 + 3), scale: 1e8, to: &collector)
            }
        }
        let segments = collector.finish()
        #expect(SnapRounder.spanBelow(1 << 30, segments))
        let rounder = SnapRounder(pixel: CityOverlay.pixel)
        let snapped = rounder(segments, exactIn128: false)
        let wideSnapped = rounder(segments, exactIn128: true)
        #expect(snapped.pixels == wideSnapped.pixels && snapped.path == wideSnapped.path)
        #expect(snapped.pathStart == wideSnapped.pathStart)
        let endPixels = Set((segments.from + segments.to).map { rounder.pixelOf($0) })
        #expect(snapped.pixels.count > endPixels.count + 100, "crossings made hot pixels")
        let narrow = PlanarGraph(snapped, exactIn128: false)
        let wide = PlanarGraph(snapped, exactIn128: true)
        #expect(narrow.edgeCount > 500 && narrow.cycleCount > 10)
        #expect(narrow.next == wide.next && narrow.cycleOf == wide.cycleOf)
        #expect(narrow.cycleIsOuter == wide.cycleIsOuter && narrow.cycleIsOuter.contains(true))
        #expect(PlanarGraph(snapped).next == narrow.next)
        // The cycles' spherical areas, summed edge by edge, are those of their nodes as a ring
        // (the report's contested and gap areas); cycles not asked for are 0.
        let measured = PlanarGraph(snapped, sphericalUnit: 1e6)
        #expect(measured.sphericalUnit == 1e6 && narrow.sphericalUnit == nil)
        let areas = measured.squareMetres(cycles: Array(repeating: true, count: measured.cycleCount))
        let everyOther = measured.squareMetres(cycles: (0..<measured.cycleCount).map { $0 % 2 == 0 })
        for c in 0..<measured.cycleCount {
            var ring: [GridPoint] = []
            var h = Int(measured.cycleStart[c])
            repeat {
                ring.append(measured.nodes[measured.origin(h)])
                h = Int(measured.next[h])
            } while h != Int(measured.cycleStart[c])
            let expected = sphericalRingArea(count: ring.count) { (Double(ring[$0].x) / 1e6, Double(ring[$0].y) / 1e6) }
            #expect(abs(areas[c] - expected) <= 1e-6 * max(1, abs(expected)), "cycle \(c): \(areas[c]), \(expected)")
            #expect(everyOther[c] == (c % 2 == 0 ? areas[c] : 0), "cycle \(c)")
        }
        #expect(areas.contains { $0 < -1e4 } && areas.contains { $0 > 1e4 })
        #expect(PlanarGraph.spanBelow(1 << 30, narrow.nodes) && !PlanarGraph.spanBelow(4, narrow.nodes))
    }

    /// Each connected part of a planar graph has one outer cycle, which the rays that nest the
    /// parts start from; the debug check of that notices a part with none or two.
    @Test func everyPartHasOneOuterCycle() {
        var segments = SegmentCollector(capacity: 64)
        for (g, origin) in [(0, 0), (1, 10_000), (0, 30_000)] {
            let square = rect(Double(origin), 0, Double(origin + 5_000), 5_000)
            let geometry = flat([[square]], isMulti: false)
            CityOverlay.addRing(geometry, 0, exterior: true, group: Int32(g), scale: 1, to: &segments)
        }
        var graph = PlanarGraph(SnapRounder(pixel: CityOverlay.pixel)(segments.finish()))
        #expect(graph.cycleIsOuter.filter { $0 }.count == 3)
        #expect(FaceLabels.onePartPerOuterCycle(graph))
        let outer = graph.cycleIsOuter.firstIndex(of: true)!
        graph.cycleIsOuter[outer] = false
        #expect(!FaceLabels.onePartPerOuterCycle(graph))
        graph.cycleIsOuter = graph.cycleIsOuter.map { _ in true }
        #expect(!FaceLabels.onePartPerOuterCycle(graph))
    }

    /// Many overlapping groups: each face keeps only the groups that cover it, so 400 squares in
    /// a staircase (each overlapping the next three) store a few labels a face, not 400; and
    /// each face's labels are the squares that hold it, each counted once, whether the counts
    /// are lists (400 groups) or a table (12).
    @Test(arguments: [400, 12]) func faceLabelsKeepOnlyTheGroupsThatCoverAFace(n: Int) throws {
        var segments = SegmentCollector(capacity: 4 * n)
        for g in 0..<n {
            let square = rect(Double(g * 1_000), 0, Double(g * 1_000 + 3_500), 3_500)
            CityOverlay.addRing(
                flat([[square]], isMulti: false), 0, exterior: true, group: Int32(g), scale: 1, to: &segments)
        }
        let graph = PlanarGraph(SnapRounder(pixel: CityOverlay.pixel)(segments.finish()))
        let labels = try FaceLabels(graph, groupCount: n)
        #expect(
            n <= FaceLabels.tableGroups || labels.storedLabels <= 4 * graph.cycleCount,
            "\(labels.storedLabels) labels, \(graph.cycleCount) cycles")
        // A bounded face spans [x0, x1] across (thousands): the squares g with 1000·g ≤ x0 and
        // 1000·g + 3500 ≥ x1 cover it. The graph's units: its widest node is the last square's end.
        let unit = Double(graph.nodes.map(\.x).max()!) / Double(1_000 * (n - 1) + 3_500)
        var checked = 0
        for c in 0..<graph.cycleCount where !graph.cycleIsOuter[c] {
            let h = Int(graph.cycleStart[c])
            var xs: [Double] = []
            var e = h
            repeat {
                xs.append(Double(graph.nodes[graph.origin(e)].x) / unit)
                e = Int(graph.next[e])
            } while e != h
            let (x0, x1) = (xs.min()!, xs.max()!)
            let expected = (0..<n).filter { g in
                let (west, east) = (Double(1_000 * g), Double(1_000 * g + 3_500))
                return west <= x0 + 1 && east >= x1 - 1
            }
            var covering: [Int] = []
            labels.forEachCovering(cycle: c, in: 0..<n) { covering.append($0) }
            #expect(covering == expected, "cycle \(c) over \(x0)...\(x1)")
            #expect(expected.allSatisfy { labels.count(cycle: c, group: $0) == 1 })
            let next = (expected.last ?? 0) + 1
            #expect(labels.count(cycle: c, group: next) == 0 && !labels.isCovered(cycle: c, in: next..<n))
            checked += 1
        }
        #expect(checked == 2 * n - 1, "one face between each two of the 2n sides: \(checked)")
    }

    /// Int128 to Double: small negatives are exact (their two words must not cancel), large
    /// values within a rounding.
    @Test func int128ConvertsToDouble() {
        #expect(toDouble(Int128(-5)) == -5)
        #expect(toDouble(Int64(-5)) == -5 && toDouble(Int64.min) == -0x1p63)
        #expect(toDouble(Int128(-100_000_000)) == -1e8)
        #expect(toDouble(Int128(1) << 100) == 0x1p100)
        #expect(toDouble(-(Int128(3) << 90)) == -3 * 0x1p90)
    }

    /// Coarse grids (3 decimals) on real data: a crossing's parameter with a negative
    /// denominator used to come out infinite. Valid output at 3 and 9 decimals.
    @Test(.tags(.slow), arguments: [3, 9])
    func realCityAtCoarseAndFinePrecision(precision: Int) throws {
        var config = PipelineConfig.default
        config.precision = precision
        let path = RealCities.directory.appendingPathComponent("charlotte.geojson").path
        let city = try #require(try buildZones([path], config: config).cities.first)
        #expect(!city.diagnostics.hasErrors, "\(city.errors.prefix(3))")
        #expect(!city.groups.isEmpty)
        for g in city.groups { #expect(offGridCoordinates(g.geometry, precision: precision).isEmpty) }
    }

    /// With overlap priority, every group's rings are traced in one pass over the half-edges;
    /// on random overlapping stars (some with holes, some gap fills) in 2–5 groups that gives
    /// the same groups as tracing each group on its own.
    @Test(arguments: Seed.range(1...40))
    func tracingAllGroupsInOnePassMatchesOneGroupAtATime(seed: Seed) throws {
        var rng = SeededRandom(seed: seed.value)
        let grid = 1e-6
        func centre() -> (Double, Double) {
            (
                13.4 + grid * Double.random(in: 0...400, using: &rng),
                52.5 + grid * Double.random(in: 0...400, using: &rng)
            )
        }
        let groupCount = Int.random(in: 2...5, using: &rng)
        let groups = (0..<groupCount).map { _ in
            (0..<Int.random(in: 1...5, using: &rng)).map { _ -> PolygonalGeometry in
                let (cx, cy) = centre()
                let outer = starRing(cx: cx, cy: cy, radius: grid * 20...grid * 150, minVertices: 6, using: &rng)
                guard Bool.random(using: &rng) else { return flat([[outer]]) }
                return flat([[outer, reversed(starRing(cx: cx, cy: cy, radius: grid * 2...grid * 10, using: &rng))]])
            }
        }
        let fills = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
            let (x, y) = centre()
            return CityOverlay.Fill(
                ring: [(x, y), (x + grid * 40, y), (x, y + grid * 40)],
                groups: [Int.random(in: 0..<groupCount, using: &rng)])
        }
        var oneByOne = CityOverlay(precision: 6, priority: true)
        oneByOne.tracesGroupsOneByOne = true
        let expected = try oneByOne(groups, fills: fills).groups
        let got = try CityOverlay(precision: 6, priority: true)(groups, fills: fills).groups
        #expect(got == expected)
        #expect(expected.contains { $0.polygonCount > 0 })
        // Without priority: the disjoint groups just made (traced in one pass) and the
        // overlapping input (one group at a time either way).
        for input in [got.map { [$0] }, groups] {
            var each = CityOverlay(precision: 6, priority: false)
            each.tracesGroupsOneByOne = true
            let all = try each(input).groups
            #expect(try CityOverlay(precision: 6, priority: false)(input).groups == all)
        }
    }

    @Test func groupsThatShareAFaceAreTracedOneByOne() {
        let owners = CityOverlay.soleOwners(cycles: 3) { c, body in [[1], [], [0]][c].forEach(body) }
        #expect(owners == [1, -1, 0])
        #expect(CityOverlay.soleOwners(cycles: 3) { c, body in (c == 1 ? [0, 1] : []).forEach(body) } == nil)
    }
}
