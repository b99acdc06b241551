/// A uniform grid over a city's zones that answers "which zones cover this point" with a
/// crossing count over a few edges.
///
/// A point p in cell (i, j) is inside a zone when a ray from p crosses the zone's rings an odd
/// number of times (half-open in y: a vertex at p's height counts as above it). The ray runs
/// left from p to the cell's left line x0, then down that line to the bottom of the grid:
///
/// - the leftward part counts the cell's edges whose crossing lies in [x0, px);
/// - the downward part counts the edges crossing the line x = x0 at or below py: those below the
///   cell, as the cell's `base` mask (precomputed), and the cell's flagged edges, tested per query.
///
/// No vertex lies on a line x = x0 (``GridLines/avoid(_:)``), so both parts are exact with the
/// exact orientation test, and a point on an edge or vertex is found as such ("inside").
/// Zone k toggles bit k; a zone is a bit of a 64-bit mask.
final class ZoneGrid: @unchecked Sendable {
    let columns: GridLines
    let rows: GridLines
    /// Per cell (row-major): the zones whose parity the line x = x0 below the cell has odd.
    let base: UnsafeMutableBufferPointer<UInt64>
    /// Per cell: the first of its edges in `edges`; `starts[cells]` ends the last cell.
    let starts: UnsafeMutableBufferPointer<Int32>
    let edges: UnsafeMutableBufferPointer<GridEdge>

    init(columns: GridLines, rows: GridLines, base: [UInt64], starts: [Int32], edges: [GridEdge]) {
        self.columns = columns
        self.rows = rows
        self.base = .allocate(capacity: base.count)
        _ = self.base.initialize(from: base)
        self.starts = .allocate(capacity: starts.count)
        _ = self.starts.initialize(from: starts)
        self.edges = .allocate(capacity: max(edges.count, 1))
        _ = self.edges.initialize(from: edges)
    }

    deinit {
        base.deallocate()
        starts.deallocate()
        edges.deallocate()
    }

    /// The mask of the zones covering (px, py), boundary included.
    @inline(__always)
    func zones(_ px: Double, _ py: Double) -> UInt64 {
        guard let i = columns.cell(px), let j = rows.cell(py) else { return 0 }
        let cell = j * columns.count + i
        var inside = base[cell]
        let start = Int(starts[cell])
        let end = Int(starts[cell + 1])
        if start == end { return inside }
        let x0 = columns.lines[i]
        var onBoundary: UInt64 = 0
        for k in start..<end {
            let e = edges[k]
            let bit = UInt64(1) << UInt64(e.zone)
            let aAbove = e.ay > py
            if aAbove != (e.by > py) {
                // The edge spans p's height. Its orientation against a→b, read as if the edge ran upward.
                let s = orientation(e.ax, e.ay, e.bx, e.by, px, py)
                let rising = !aAbove
                if s == 0 {
                    onBoundary |= bit
                } else if (s < 0) == rising {  // it crosses p's height left of p
                    let q = orientation(e.ax, e.ay, e.bx, e.by, x0, py)
                    // …and right of x0, or at x0 leaning right as it rises (the ray sits just above py).
                    if q == 0 ? (rising ? e.bx > e.ax : e.ax > e.bx) : (q > 0) == rising { inside ^= bit }
                }
            } else if !aAbove, max(e.ay, e.by) == py {
                // Both ends at or below p's height, one at it: p may be that end or on a level edge.
                if e.ay == e.by ? (e.ax <= px && px <= e.bx) : (e.ay == py ? e.ax == px : e.bx == px) {
                    onBoundary |= bit
                }
            }
            if e.crossesLeftBoundary, orientation(e.ax, e.ay, e.bx, e.by, x0, py) >= 0 { inside ^= bit }
        }
        return inside | onBoundary
    }
}

extension ZoneGrid {
    /// The bytes the grid holds: its cells' masks and edge ranges, the edges and the grid lines.
    var memoryBytes: Int {
        base.count * MemoryLayout<UInt64>.stride + starts.count * MemoryLayout<Int32>.stride
            + edges.count * MemoryLayout<GridEdge>.stride
            + (columns.lines.count + rows.lines.count) * MemoryLayout<Double>.stride
    }
}
