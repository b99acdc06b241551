extension ZoneGrid {
    /// Edges per cell the grid aims at: fewer cells cost more tests per query, more cost memory.
    static let edgesPerCell = 1.0

    /// A grid over `zones`, zone k toggling bit k; nil when there is no edge.
    static func build(_ zones: [ZoneShape]) -> ZoneGrid? {
        var all: [GridEdge] = []
        for (k, zone) in zones.enumerated() {
            let c = zone.coordinates
            var start = 0
            for end in zone.ringEnds {
                for v in start..<(end - 1) {
                    var (ax, ay, bx, by) = (c[2 * v], c[2 * v + 1], c[2 * v + 2], c[2 * v + 3])
                    if ax == bx && ay == by { continue }
                    if ax > bx || (ax == bx && ay > by) { (ax, ay, bx, by) = (bx, by, ax, ay) }
                    all.append(GridEdge(ax: ax, ay: ay, bx: bx, by: by, zone: UInt8(k), crossesLeftBoundary: false))
                }
                start = end
            }
        }
        guard !all.isEmpty else { return nil }
        var (west, south, east, north) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for e in all {
            west = min(west, e.ax)
            east = max(east, e.bx)
            south = min(south, e.ay, e.by)
            north = max(north, e.ay, e.by)
        }
        let (nx, ny) = dimensions(edges: all.count, width: east - west, height: north - south)
        var columns = GridLines(from: west, to: east, cells: nx)
        var xs: [Double] = []
        xs.reserveCapacity(2 * all.count)
        for e in all {
            xs.append(e.ax)
            xs.append(e.bx)
        }
        columns.avoid(xs)
        let rows = GridLines(from: south, to: north, cells: ny)

        // Cells each edge may touch (with a margin, so none is missed), counted then filled.
        var counts = [Int32](repeating: 0, count: nx * ny + 1)
        forEachCell(all, columns, rows) { _, cell in counts[cell] += 1 }
        var starts = [Int32](repeating: 0, count: nx * ny + 1)
        for c in 0..<(nx * ny) { starts[c + 1] = starts[c] + counts[c] }
        var fill = starts
        var placed = [GridEdge](repeating: all[0], count: Int(starts[nx * ny]))
        forEachCell(all, columns, rows) { e, cell in
            var edge = e
            let (i, j) = (cell % nx, cell / nx)
            let x0 = columns.lines[i]
            if edge.ax < x0, x0 < edge.bx {
                // Crossing the line x = x0 at a height in [y0, y1]?
                edge.crossesLeftBoundary =
                    orientation(edge.ax, edge.ay, edge.bx, edge.by, x0, rows.lines[j]) <= 0
                    && orientation(edge.ax, edge.ay, edge.bx, edge.by, x0, rows.lines[j + 1]) >= 0
            }
            placed[Int(fill[cell])] = edge
            fill[cell] += 1
        }
        return ZoneGrid(
            columns: columns, rows: rows, base: baseMasks(all, columns, rows), starts: starts, edges: placed)
    }

    /// Columns and rows for about `edges / edgesPerCell` square-ish cells (at most 2^22).
    static func dimensions(edges: Int, width: Double, height: Double) -> (Int, Int) {
        let cells = min(max(Double(edges) / edgesPerCell, 1), Double(1 << 22))
        let w = max(width, 1e-12)
        let h = max(height, 1e-12)
        let nx = Int((cells * w / h).squareRoot().rounded(.up))
        let ny = Int((cells * h / w).squareRoot().rounded(.up))
        return (min(max(nx, 1), 1 << 16), min(max(ny, 1), 1 << 16))
    }

    /// Calls `body` with each edge and each cell (row-major index) its box, clipped to each row's
    /// band, touches; bands and boxes are widened by a millionth of a cell.
    private static func forEachCell(
        _ edges: [GridEdge], _ columns: GridLines, _ rows: GridLines, _ body: (GridEdge, Int) -> Void
    ) {
        let mx = columns.step * 1e-6
        let my = rows.step * 1e-6
        for e in edges {
            let lowY = min(e.ay, e.by)
            let highY = max(e.ay, e.by)
            let j0 = rows.cell(lowY - my) ?? 0
            let j1 = rows.cell(highY + my) ?? rows.count - 1
            for j in j0...j1 {
                var x0 = e.ax
                var x1 = e.bx
                var slack = mx
                if e.ay != e.by {
                    // x where the edge meets the band's bottom and top (clamped to the edge).
                    let slope = (e.bx - e.ax) / (e.by - e.ay)
                    let ya = min(max(rows.lines[j] - my, lowY), highY)
                    let yb = min(max(rows.lines[j + 1] + my, lowY), highY)
                    let xa = e.ax + (ya - e.ay) * slope
                    let xb = e.ax + (yb - e.ay) * slope
                    x0 = max(min(xa, xb), e.ax)
                    x1 = min(max(xa, xb), e.bx)
                    // The rounding of (y - ay) grows with the slope of a nearly level edge.
                    slack += abs(slope) * (abs(e.ay) + abs(highY)) * 1e-15
                }
                let i0 = columns.cell(min(x0, x1) - slack) ?? 0
                let i1 = columns.cell(max(x0, x1) + slack) ?? columns.count - 1
                for i in i0...i1 { body(e, j * columns.count + i) }
            }
        }
    }

    /// Per cell, the zones toggled by the edges crossing its left line below the cell.
    private static func baseMasks(_ edges: [GridEdge], _ columns: GridLines, _ rows: GridLines) -> [UInt64] {
        let (nx, ny) = (columns.count, rows.count)
        var masks = [UInt64](repeating: 0, count: nx * ny)
        for e in edges where e.ax < e.bx {
            guard let first = columns.cell(e.ax), let last = columns.cell(e.bx) else { continue }
            for i in stride(from: first + 1, through: min(last, nx - 1), by: 1) {
                let x0 = columns.lines[i]
                guard e.ax < x0, x0 < e.bx else { continue }
                // The first row whose bottom line lies strictly above the crossing.
                func above(_ j: Int) -> Bool { orientation(e.ax, e.ay, e.bx, e.by, x0, rows.lines[j]) > 0 }
                let y = e.ay + (x0 - e.ax) * (e.by - e.ay) / (e.bx - e.ax)
                var j = min(max((rows.cell(y) ?? 0) + 1, 0), ny)
                while j > 0, above(j - 1) { j -= 1 }
                while j < ny, !above(j) { j += 1 }
                if j < ny { masks[j * nx + i] ^= UInt64(1) << UInt64(e.zone) }
            }
        }
        // Prefix parity up each column.
        for j in 1..<max(ny, 1) {
            for i in 0..<nx { masks[j * nx + i] ^= masks[(j - 1) * nx + i] }
        }
        return masks
    }
}
