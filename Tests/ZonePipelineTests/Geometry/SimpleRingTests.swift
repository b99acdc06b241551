import Foundation
import TestSupport
import Testing

@testable import ZonePipeline

/// The validity fast path (``PolygonalGeometry/isOneCertainlySimpleRing``) against GEOS: it may
/// decline a valid ring (GEOS then decides), but never accept one GEOS finds invalid, and it
/// must accept the ordinary simple rings it exists for.
@Suite struct SimpleRingTests {
    /// A star-shaped ring around (cx, cy), of at least four vertices at increasing angles, no
    /// two more than 0.75π apart: always simple (each side spans its own sector of the centre).
    static func star(_ r: inout SeededRandom, count: Int, cx: Double, cy: Double) -> [Double] {
        let count = max(count, 4)
        let angles = (0..<count).map { k in (Double(k) + 0.5 * r.unit()) / Double(count) * 2 * Double.pi }
        var ring: [Double] = []
        for a in angles {
            let radius = 0.001 + 0.01 * r.unit()
            ring += [cx + radius * cos(a), cy + radius * sin(a)]
        }
        return ring + ring[0..<2]
    }

    /// A ring on a small integer grid: collinear runs, touching vertices, spikes, crossings and
    /// repeated positions are all common.
    static func gridRing(_ r: inout SeededRandom, count: Int) -> [Double] {
        var ring: [Double] = []
        for _ in 0..<count {
            let x = Double(r.next() % 5)
            let y = Double(r.next() % 5)
            ring += [x, y]
            if r.next() % 8 == 0 { ring += [x, y] }
        }
        return ring + ring[0..<2]
    }

    /// A star whose vertices are moved towards random others: crossings, some near-touches.
    static func dentedStar(_ r: inout SeededRandom, count: Int) -> [Double] {
        var ring = star(&r, count: count, cx: 13.4, cy: 52.5)
        let n = ring.count / 2 - 1
        for _ in 0..<(1 + Int(r.next() % 3)) {
            let i = Int(r.next() % UInt64(n))
            let j = Int(r.next() % UInt64(n))
            let t = r.unit()
            ring[2 * i] += t * (ring[2 * j] - ring[2 * i])
            ring[2 * i + 1] += t * (ring[2 * j + 1] - ring[2 * i + 1])
        }
        ring[2 * n] = ring[0]
        ring[2 * n + 1] = ring[1]
        return ring
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aRingTheFastPathAcceptsIsValidToGEOS(seed: UInt64) throws {
        let context = try GEOSContext()
        var r = SeededRandom(seed: seed)
        var accepted = 0
        var invalid = 0
        for k in 0..<3000 {
            let count = 3 + Int(r.next() % 40)
            let ring: [Double]
            switch k % 3 {
            case 0: ring = Self.star(&r, count: count, cx: 13.4, cy: 52.5)
            case 1: ring = Self.gridRing(&r, count: count)
            default: ring = Self.dentedStar(&r, count: count)
            }
            let geometry = flat([[ring]], isMulti: k % 2 == 0)
            let geos = try geometry.makeGEOSGeometry(context: context).validityProblem()
            if geometry.isOneCertainlySimpleRing {
                accepted += 1
                #expect(geos == nil, "accepted, but GEOS finds \(geos!.reason): \(ring)")
            }
            if geos != nil { invalid += 1 }
            // The public check answers as GEOS does, fast path or not.
            #expect(try validityProblem(of: geometry, context: context) == geos)
        }
        #expect(accepted > 1000)
        #expect(invalid > 500)
    }

    @Test(arguments: [4, 5] as [UInt64])
    func everyOrdinaryStarTakesTheFastPath(seed: UInt64) {
        var r = SeededRandom(seed: seed)
        for _ in 0..<500 {
            let count = 3 + Int(r.next() % 300)
            let ring = Self.star(&r, count: count, cx: -122.4, cy: 37.8)
            #expect(flat([[ring]]).isOneCertainlySimpleRing, "\(count) vertices")
        }
    }

    static let declined: [NamedGeometry] = [
        NamedGeometry("bow-tie", flat([[[0, 0, 2, 2, 2, 0, 0, 2, 0, 0]]])),
        NamedGeometry("touching itself at a vertex", flat([[[0, 0, 4, 0, 2, 2, 4, 4, 0, 4, 2, 2, 0, 0]]])),
        NamedGeometry("a spike folding back", flat([[[0, 0, 4, 0, 4, 4, 4, 6, 4, 4, 0, 4, 0, 0]]])),
        NamedGeometry("three positions", flat([[[3, 4, 5, 6, 3, 4]]])),
        NamedGeometry("collinear", flat([[[0, 0, 1, 1, 2, 2, 0, 0]]])),
        NamedGeometry("unclosed", flat([[[0, 0, 1, 0, 1, 1, 0, 1]]])),
        NamedGeometry("with a hole", flat([[square(0, 0, 10), reversed(square(2, 2, 3))]])),
        NamedGeometry("two parts", flat([[square(0, 0, 1)], [square(5, 5, 1)]])),
        NamedGeometry("not finite", flat([[[0, 0, 1, 0, .infinity, 1, 0, 0]]])),
    ]

    @Test(arguments: declined)
    func whatItCannotVouchForGoesToGEOS(_ input: NamedGeometry) {
        #expect(!input.geometry.isOneCertainlySimpleRing)
    }

    @Test func repeatedPositionsAndCollinearVerticesStayValid() {
        // A square with a repeated corner and a vertex in the middle of a side.
        let ring: [Double] = [0, 0, 1, 0, 1, 0, 2, 0, 2, 2, 0, 2, 0, 0]
        #expect(flat([[ring]], isMulti: false).isOneCertainlySimpleRing)
    }
}
