import Testing

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
}
