import Testing

@testable import ZonePoints

/// The grid's neighbour counts are the KD-tree's, item by item: spread, clumped and duplicate
/// points, at the radius of several zooms, with a limit that stops the count and one that does not.
@Suite struct PointGridCountTests {
    @Test func gridCountsEqualTheTreeCounts() throws {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var xs: [Double] = []
        var ys: [Double] = []
        for _ in 0..<3000 {  // spread over the world, and at its edges
            xs.append(next())
            ys.append(next())
        }
        xs += [0, 1, 0, 1, 0.5]
        ys += [0, 1, 1, 0, 0.5]
        for c in 0..<40 {  // clumps at several scales, with duplicates
            let (cx, cy) = (next(), next())
            let spread = 1e-6 * Double(1 << (c % 12))
            for k in 0..<150 {
                let duplicate = k % 7 == 0 && !xs.isEmpty
                xs.append(duplicate ? xs[xs.count - 1] : cx + spread * (next() - 0.5))
                ys.append(duplicate ? ys[ys.count - 1] : cy + spread * (next() - 0.5))
            }
        }
        let tree = PointKDTree(xs: xs, ys: ys)
        var compared = 0
        for z in [0, 3, 8, 12, 16, 20] {
            let r = 60 / (512 * Double(1 << z))
            for limit in [5, 64, 1 << 30] {
                guard let grid = gridCounts(xs: xs, ys: ys, r: r, limit: limit) else {
                    #expect(z == 0 || z == 20, "z\(z): no grid")
                    continue
                }
                for i in xs.indices {
                    let expected = tree.count(xs[i], ys[i], r, limit: limit)
                    if grid[i] != expected {
                        Issue.record("z\(z) limit \(limit) item \(i): grid \(grid[i]), tree \(expected)")
                        return
                    }
                }
                compared += 1
            }
        }
        #expect(compared >= 9)
    }

    /// A radius of 0 (allowed: only points on one spot meet) or one finer than the grid's keys
    /// has no grid: nil, so the tree counts, instead of a trap converting 1/0 to Int.
    @Test func aRadiusTooSmallForTheGridHasNone() {
        for r in [0, 1e-300, Double.leastNonzeroMagnitude, 1 / Double(1 << 21)] {
            #expect(gridCounts(xs: [0.5, 0.5], ys: [0.5, 0.5], r: r, limit: 64) == nil, "r \(r)")
        }
        #expect(gridCounts(xs: [0.5, 0.5], ys: [0.5, 0.5], r: 0.25, limit: 64) == [2, 2])
    }
}
