import ClientTestSupport
import Foundation
import Testing

@testable import ZoneClientCore

/// The grid's answers against a plain crossing count over every edge (same exact predicate), on
/// a star-shaped zone and its neighbour (a box with the star as its hole): random points, points
/// on the grid's own lines, and every vertex.
@Suite struct ZoneIndexReferenceTests {
    let artifact: [UInt8]
    let shapes: [ZoneShape]
    let index: ZoneIndex

    init() throws {
        var rng = SeededRandom(seed: 7)
        let star: [(Double, Double)] = (0..<400).map { k in
            let angle = Double(k) / 400 * 2 * Double.pi
            let radius = 0.01 + 0.02 * Double(rng.next() % 1000) / 1000
            return (rounded(13.4 + radius * cos(angle)), rounded(52.5 + radius * sin(angle)))
        }
        let ring = star + [star[0]]
        artifact = ArtifactFixtures.collection([
            ("inner", [[ring]]),
            ("outer", [[ArtifactFixtures.box(13.35, 52.45, 13.45, 52.55), ring.reversed()]]),
        ])
        index = try ZoneIndex(artifact: artifact)
        shapes = try ArtifactReader.zones(artifact, key: "test")
    }

    @Test func randomPointsMatchTheReference() {
        var rng = SeededRandom(seed: 11)
        var inside = 0
        for _ in 0..<20_000 {
            let x = 13.34 + 0.12 * rng.unit()
            let y = 52.44 + 0.12 * rng.unit()
            #expect(index.allZones(longitude: x, latitude: y) == reference(x, y), "at \(x), \(y)")
            if index.zone(longitude: x, latitude: y) != nil { inside += 1 }
        }
        #expect(inside > 10_000)
    }

    @Test func pointsOnGridLinesMatchTheReference() throws {
        let grid = try #require(ZoneGrid.build(index.zones.map { shapes[$0.feature] }))
        var rng = SeededRandom(seed: 3)
        var checked = 0
        for x in grid.columns.lines {
            for y in grid.rows.lines.prefix(50) + (0..<20).map({ _ in 52.44 + 0.12 * rng.unit() }) {
                #expect(index.allZones(longitude: x, latitude: y) == reference(x, y), "at \(x), \(y)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func everyVertexIsOnBothNeighbours() {
        let c = shapes[0].coordinates
        for v in 0..<(c.count / 2) {
            #expect(index.allZones(longitude: c[2 * v], latitude: c[2 * v + 1]).count == 2)
            #expect(index.style(longitude: c[2 * v], latitude: c[2 * v + 1]) == "inner")  // "inner" < "outer"
        }
    }

    /// Ranks of the zones covering (x, y): ray to -infinity, half-open in y, plus on-edge.
    func reference(_ px: Double, _ py: Double) -> [Int] {
        index.zones.indices.filter { rank in
            let shape = shapes[index.zones[rank].feature]
            let c = shape.coordinates
            var inside = false
            var start = 0
            for end in shape.ringEnds {
                for v in start..<(end - 1) {
                    let (ax, ay, bx, by) = (c[2 * v], c[2 * v + 1], c[2 * v + 2], c[2 * v + 3])
                    let s = orientation(ax, ay, bx, by, px, py)
                    if s == 0, min(ax, bx) <= px, px <= max(ax, bx), min(ay, by) <= py, py <= max(ay, by) {
                        return true
                    }
                    if (ay > py) != (by > py), (s < 0) == (by > ay) { inside.toggle() }
                }
                start = end
            }
            return inside
        }
    }
}

/// Coordinates on the artifacts' 1e-6 grid (what parsing their 6-decimal text gives).
private func rounded(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
