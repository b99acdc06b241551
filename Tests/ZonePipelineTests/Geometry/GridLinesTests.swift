import TestSupport
import Testing

@testable import ZoneGeometry

/// Snap rounding noded at grid lines (``GridLines``, the tiler's tile lines ± buffer): each
/// crossing of a segment and a line makes the exact pixel of the crossing hot, so no snapped
/// border crosses a line off a vertex.
struct GridLinesTests {
    /// The pixel of each crossing is the one whose half-open cell holds the exact crossing point,
    /// found by brute force in Int128 fractions, for random segments (negative coordinates,
    /// steep, flat, ending on a line) and lines, in Int64 and in Int128.
    @Test(arguments: Seed.range(1...20))
    func crossingPixelsAreExact(seed: Seed) {
        var rng = SeededRandom(seed: seed.value)
        let pixel: Int64 = 100
        var rounder = SnapRounder(pixel: pixel)
        let xs = (0..<6).map { _ in Int64.random(in: -20...20, using: &rng) }
        let ys = (0..<6).map { _ in Int64.random(in: -20...20, using: &rng) }
        rounder.lines = GridLines(xs: xs, ys: ys)
        var s = LabelledSegments()
        for _ in 0..<300 {
            let a = GridPoint(
                x: Int64.random(in: -2_000...2_000, using: &rng), y: Int64.random(in: -2_000...2_000, using: &rng))
            var b = GridPoint(
                x: Int64.random(in: -2_000...2_000, using: &rng), y: Int64.random(in: -2_000...2_000, using: &rng))
            // Some end exactly on a line, some run along one.
            if Int.random(in: 0..<10, using: &rng) == 0 { b.x = xs[0] * pixel }
            if Int.random(in: 0..<10, using: &rng) == 0 { b.y = a.y }
            guard a != b else { continue }
            s.from.append(a)
            s.to.append(b)
        }
        var expected: Set<GridPoint> = []
        let half = pixel / 2
        for i in 0..<s.count {
            for (vertical, lines) in [(true, rounder.lines.xs), (false, rounder.lines.ys)] {
                // Along the line's normal axis (u) and along the line (v).
                let (au, av) = vertical ? (s.from[i].x, s.from[i].y) : (s.from[i].y, s.from[i].x)
                let (bu, bv) = vertical ? (s.to[i].x, s.to[i].y) : (s.to[i].y, s.to[i].x)
                for c in lines where min(au, bu) < c * pixel && c * pixel < max(au, bu) {
                    // The crossing is at v = av + (c·pixel − au)·(bv − av)/(bu − au): the cell r
                    // with r·pixel − half ≤ v < r·pixel + half, compared as fractions.
                    let (num, den) = (Int128(c * pixel - au) * Int128(bv - av), Int128(bu - au))
                    let (n, d) = den > 0 ? (num, den) : (-num, -den)
                    let r = (Int64(-100)...100).first { r -> Bool in
                        let low = Int128(r * pixel - half - av) * d
                        let high = Int128(r * pixel + half - av) * d
                        return low <= n && n < high
                    }!
                    expected.insert(vertical ? GridPoint(x: c, y: r) : GridPoint(x: r, y: c))
                }
            }
        }
        #expect(expected.count > 100)
        for exact in [Int64.self, Int128.self] as [any (FixedWidthInteger & SignedInteger).Type] {
            var got: Set<GridPoint> = []
            func collect<E: FixedWidthInteger & SignedInteger>(_: E.Type) {
                rounder.lineCrossings(s, in: E.self) { got.insert($0) }
            }
            collect(exact)
            #expect(got == expected, "\(exact)")
        }
    }

    /// Overlapping stars in three groups, snapped with lines through them: no border of the
    /// output crosses a line between two of its vertices (without the lines, some do), every
    /// group is valid, and each keeps its area within the grid's rounding.
    @Test(arguments: Seed.range(1...12))
    func bordersAreNodedWhereTheyCrossALine(seed: Seed) throws {
        var rng = SeededRandom(seed: seed.value)
        let grid = 1e-6
        let groups = (0..<3).map { _ in
            (0..<3).map { _ -> PolygonalGeometry in
                let (cx, cy) = (
                    13.4 + grid * Double.random(in: 0...300, using: &rng),
                    52.5 + grid * Double.random(in: 0...300, using: &rng)
                )
                return flat([[starRing(cx: cx, cy: cy, radius: grid * 20...grid * 150, minVertices: 6, using: &rng)]])
            }
        }
        // Lines in output pixels (10^-6 degrees), across the stars.
        let xs = (0..<5).map { _ in Int64(13_400_000 + Int.random(in: -100...400, using: &rng)) }
        let ys = (0..<5).map { _ in Int64(52_500_000 + Int.random(in: -100...400, using: &rng)) }
        let lines = GridLines(xs: xs, ys: ys)
        var noded = CityOverlay(precision: 6, priority: false)
        noded.nodedAt = lines
        let got = try noded(groups).groups
        let plain = try CityOverlay(precision: 6, priority: false)(groups).groups
        func crossings(_ g: PolygonalGeometry) -> Int {
            var n = 0
            let c = g.coordinates
            for r in 0..<g.ringCount {
                let ring = g.ringRange(r)
                for i in ring.dropLast() {
                    let (x0, y0) = (Int64((c[2 * i] * 1e6).rounded()), Int64((c[2 * i + 1] * 1e6).rounded()))
                    let (x1, y1) = (Int64((c[2 * i + 2] * 1e6).rounded()), Int64((c[2 * i + 3] * 1e6).rounded()))
                    n += lines.xs.filter { min(x0, x1) < $0 && $0 < max(x0, x1) }.count
                    n += lines.ys.filter { min(y0, y1) < $0 && $0 < max(y0, y1) }.count
                }
            }
            return n
        }
        let context = try GEOSContext()
        #expect(plain.reduce(0) { $0 + crossings($1) } > 0, "the lines cross the borders")
        for (g, p) in zip(got, plain) {
            #expect(crossings(g) == 0)
            #expect(try geosInvalidity(g, context: context) == nil)
            #expect(abs(planarArea(g) - planarArea(p)) <= 0.02 * planarArea(p))
        }
    }
}
