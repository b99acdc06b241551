import TestSupport
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// The shared-arc topology (docs/ARCHITECTURE.md, "The overlay engine"): rings of a city cut at junctions into
/// arcs stored once.
@Suite struct SimplifyTopologyTests {
    func topology(_ groups: [PolygonalGeometry]) throws -> ArcTopology {
        let boxes = groups.compactMap { BoundingBox($0) }
        let box = try #require(boxes.first.map { boxes.dropFirst().reduce($0) { $0.union($1) } })
        return ArcTopology(groups: groups, frame: LocalFrame(box: box))
    }

    /// The positions of arc `a` walked as `use` says.
    func positions(_ t: ArcTopology, _ use: ArcUse) -> [[Double]] {
        let path = use.reversed ? t.arcs[use.arc].reversed() : t.arcs[use.arc]
        return path.map { [t.lonLat($0).x, t.lonLat($0).y] }
    }

    /// Ring r rebuilt from its arcs, as a cycle of positions without the closing one.
    func ringCycle(_ t: ArcTopology, _ r: Int) -> [[Double]] {
        t.ringVertices(r) { _, _ in true }.dropLast().map { [t.lonLat($0).x, t.lonLat($0).y] }
    }

    /// True when `a` is `b` rotated.
    func sameCycle(_ a: [[Double]], _ b: [[Double]]) -> Bool {
        guard a.count == b.count, let k = b.firstIndex(of: a.first ?? []) else { return false }
        return a.indices.allSatisfy { a[$0] == b[(k + $0) % b.count] }
    }

    func cycle(_ ring: [Double]) -> [[Double]] {
        stride(from: 0, to: ring.count - 2, by: 2).map { [ring[$0], ring[$0 + 1]] }
    }

    @Test func twoSquaresSharingAnEdgeShareThatEdgeAsOneArcWalkedBothWays() throws {
        let left = square(13.0, 52.0, 0.001)
        let right = square(13.001, 52.0, 0.001)
        let t = try topology([flat([[left]]), flat([[right]])])
        #expect(t.rings.count == 2)
        let arcsOfLeft = Set(t.rings[0].map(\.arc))
        let arcsOfRight = Set(t.rings[1].map(\.arc))
        let shared = arcsOfLeft.intersection(arcsOfRight)
        try #require(shared.count == 1, "arcs \(t.rings)")
        let arc = try #require(shared.first)
        // The shared edge x = 13.001 from y = 52.0 to 52.001, and nothing else.
        let ends = Set(t.arcs[arc].map { [t.lonLat($0).x, t.lonLat($0).y] })
        #expect(ends == [[13.001, 52.0], [13.001, 52.001]])
        // Both squares are counter-clockwise, so they walk it in opposite directions.
        let useLeft = try #require(t.rings[0].first { $0.arc == arc })
        let useRight = try #require(t.rings[1].first { $0.arc == arc })
        #expect(useLeft.reversed != useRight.reversed)
        #expect(positions(t, useLeft) == positions(t, useRight).reversed())
        // Three arcs in all: the shared edge and each square's other three sides.
        #expect(t.arcs.count == 3)
        // Rebuilding the rings from arcs gives the input back.
        #expect(sameCycle(ringCycle(t, 0), cycle(left)))
        #expect(sameCycle(ringCycle(t, 1), cycle(right)))
    }

    @Test func anIslandFillingAHoleSharesOneClosedArcWithIt() throws {
        let outer = square(13.0, 52.0, 0.003)
        let hole = reversed(square(13.001, 52.001, 0.001))
        let island = square(13.001, 52.001, 0.001)
        let t = try topology([flat([[outer, hole]]), flat([[island]])])
        #expect(t.rings.count == 3)
        // The hole (ring 1) and the island (ring 2) are one arc each, the same closed arc.
        #expect(t.rings[1].count == 1 && t.rings[2].count == 1)
        #expect(t.rings[1][0].arc == t.rings[2][0].arc)
        #expect(t.rings[1][0].reversed != t.rings[2][0].reversed)
        let arc = t.arcs[t.rings[1][0].arc]
        #expect(arc.count == 5 && arc.first == arc.last)
        // Canonical start: the smallest vertex (x, then y).
        #expect([t.lonLat(arc[0]).x, t.lonLat(arc[0]).y] == [13.001, 52.001])
        // The outer ring shares nothing: its own closed arc.
        #expect(t.rings[0].count == 1 && t.rings[0][0].arc != t.rings[1][0].arc)
        #expect(t.arcs.count == 2)
        #expect(sameCycle(ringCycle(t, 1), cycle(hole)))
        #expect(sameCycle(ringCycle(t, 2), cycle(island)))
    }

    @Test func anIsolatedRingIsOneClosedArcFromItsSmallestVertex() throws {
        // Start the ring at its largest vertex; the arc must still start at the smallest.
        let ring = [13.002, 52.001, 13.0, 52.001, 13.001, 52.0, 13.002, 52.001]
        let t = try topology([flat([[ring]])])
        #expect(t.arcs.count == 1)
        let arc = t.arcs[0]
        #expect(arc.first == arc.last && arc.count == 4)
        #expect([t.lonLat(arc[0]).x, t.lonLat(arc[0]).y] == [13.0, 52.001])
        #expect(sameCycle(ringCycle(t, 0), cycle(ring)))
    }

    @Test func aVertexOnAnotherRingsSegmentIsInsertedThere() throws {
        // B sits on top of A and shares the left half of A's top edge, which has no vertex at
        // its middle (13.001, 52.001): overlay output looks like this where one group was cut.
        let a = rect(13.0, 52.0, 13.002, 52.001)
        let b = rect(13.0, 52.001, 13.001, 52.002)
        let t = try topology([flat([[a]]), flat([[b]])])
        let middle = [13.001, 52.001]
        #expect(ringCycle(t, 0).contains(middle), "A's ring gained B's corner")
        #expect(ringCycle(t, 0).count == 5)
        // So the common piece of border is one arc used by both rings.
        let shared = Set(t.rings[0].map(\.arc)).intersection(t.rings[1].map(\.arc))
        #expect(shared.count == 1)
        if let arc = shared.first {
            #expect(Set(t.arcs[arc].map { [t.lonLat($0).x, t.lonLat($0).y] }) == [[13.0, 52.001], middle])
        }
    }

    @Test func positionsAUnitInTheLastPlaceApartBecomeOneVertex() throws {
        let a = square(13.0, 52.0, 0.001)
        var b = square(13.001, 52.0, 0.001)
        b[0] = b[0].nextUp  // (13.001 + 1 ulp, 52.0): A's corner, nearly
        b[8] = b[0]
        let t = try topology([flat([[a]]), flat([[b]])])
        let shared = Set(t.rings[0].map(\.arc)).intersection(t.rings[1].map(\.arc))
        #expect(shared.count == 1, "the nearly equal corners were merged, so the edge is shared")
        #expect(t.vertexCount == 7, "7 distinct positions were read")
        #expect(Set(t.arcs.flatMap { $0 }).count == 6, "6 vertices are used")
    }

    @Test func whereThreeRingsMeetTheVertexEndsEveryArc() throws {
        // Three rectangles meeting at (13.001, 52.001): left half bottom, right half bottom, top.
        let p = rect(13.0, 52.0, 13.001, 52.001)
        let q = rect(13.001, 52.0, 13.002, 52.001)
        let r = rect(13.0, 52.001, 13.002, 52.002)
        let t = try topology([flat([[p]]), flat([[q]]), flat([[r]])])
        let centre = try #require((0..<t.vertexCount).first { t.lonLat(Int32($0)) == (13.001, 52.001) })
        for path in t.arcs {
            #expect(!path.dropFirst().dropLast().contains(Int32(centre)), "arc \(path) runs through the junction")
        }
        // p–q share the vertical edge below the centre; p–r and q–r the halves of the middle line.
        #expect(
            t.arcs.filter { path in t.rings.filter { $0.contains { t.arcs[$0.arc] == path } }.count == 2 }.count == 3)
        #expect(sameCycle(ringCycle(t, 0), cycle(p)))
        #expect(sameCycle(ringCycle(t, 1), cycle(q)))
        // r's bottom edge gained the centre, where p and q meet it.
        #expect(ringCycle(t, 2).count == 5 && ringCycle(t, 2).contains([13.001, 52.001]))
    }

    // MARK: The noding shortcut for snap-rounded input

    /// The topology of `groups` with and without the shortcut for input on a grid of `grid`.
    func bothTopologies(_ groups: [PolygonalGeometry], grid: Double) throws -> (ArcTopology, ArcTopology) {
        let boxes = groups.compactMap { BoundingBox($0) }
        let box = try #require(boxes.first.map { boxes.dropFirst().reduce($0) { $0.union($1) } })
        let frame = LocalFrame(box: box)
        return (ArcTopology(groups: groups, frame: frame), ArcTopology(groups: groups, frame: frame, snapGrid: grid))
    }

    func expectSame(_ a: ArcTopology, _ b: ArcTopology, _ comment: Comment) {
        #expect(a.lonLat == b.lonLat && a.arcs == b.arcs && a.rings == b.rings && a.groups == b.groups, comment)
    }

    /// A grid vertex 3.3e-12° from a 0.3° segment between two other grid points (not on it, so
    /// snap rounding leaves it there) is still inserted into the segment with the shortcut.
    @Test func aGridVertexBesideALongSegmentIsStillInsertedWithTheShortcut() throws {
        let below = [13.0, 52.0, 13.15, 51.9, 13.3, 52.000001, 13.0, 52.0]
        let above = [13.299999, 52.000001, 13.3, 52.1, 13.1, 52.1, 13.299999, 52.000001]
        let (plain, fast) = try bothTopologies([flat([[below]]), flat([[above]])], grid: 1e-6)
        #expect(ringCycle(plain, 0).count == 4, "the vertex of the upper ring went into the long segment")
        expectSame(plain, fast, "the shortcut changed the topology")
    }

    /// On snap-rounded overlay output (random overlapping stars in several groups, from a few
    /// cells to thousands across, at 5 to 7 decimals) the shortcut gives the same topology.
    @Test(arguments: Seed.range(1...40))
    func theShortcutGivesTheSameTopologyOnOverlayOutput(seed: Seed) throws {
        var rng = SeededRandom(seed: seed.value)
        let precision = Int.random(in: 5...7, using: &rng)
        let grid = 1 / pow10(precision)
        let groups = (0..<Int.random(in: 2...5, using: &rng)).map { _ in
            (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                flat([
                    [
                        starRing(
                            cx: 13.4 + Double.random(in: 0...0.05, using: &rng),
                            cy: 52.5 + Double.random(in: 0...0.05, using: &rng),
                            radius: grid * 3...Double.random(in: (grid * 10)...0.04, using: &rng), maxVertices: 12,
                            using: &rng)
                    ]
                ])
            }
        }
        let snapped = try CityOverlay(precision: precision, priority: Bool.random(using: &rng))(groups).groups
        let (plain, fast) = try bothTopologies(snapped, grid: grid)
        expectSame(plain, fast, "seed \(seed.value) at \(precision) decimals")
    }
}
