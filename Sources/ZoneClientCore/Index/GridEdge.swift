/// One edge of a zone ring as stored in a grid cell, its ends ordered by x (`ax <= bx`).
struct GridEdge {
    var ax: Double
    var ay: Double
    var bx: Double
    var by: Double
    /// The zone's bit number (its rank).
    var zone: UInt8
    /// True when the edge crosses the cell's left boundary line inside the cell's closed y-range:
    /// it then counts, for points of the cell, on the way down that line (see ``ZoneGrid``).
    var crossesLeftBoundary: Bool
}

/// The grid's lines: `lines[0] < … < lines[count]`, `count` cells between them.
struct GridLines {
    var lines: [Double]
    var count: Int { lines.count - 1 }
    let origin: Double
    let step: Double

    init(from low: Double, to high: Double, cells: Int) {
        let pad = (high - low) * 1e-9 + max(abs(low), abs(high)) * 1e-12 + 1e-12
        let origin = low - pad
        let step = (high - low + 2 * pad) / Double(cells)
        var lines = (0...cells).map { origin + Double($0) * step }
        lines[cells] = max(lines[cells], high + pad)
        (self.origin, self.step, self.lines) = (origin, step, lines)
    }

    /// The cell `v` is in: `lines[i] <= v < lines[i + 1]`, the last cell closed at the top;
    /// nil outside.
    @inline(__always)
    func cell(_ v: Double) -> Int? {
        guard v >= lines[0], v <= lines[count] else { return nil }
        var i = min(max(Int((v - origin) / step), 0), count - 1)
        while i > 0, v < lines[i] { i -= 1 }
        while i < count - 1, v >= lines[i + 1] { i += 1 }
        return i
    }

    /// Moves lines off every value of `values` (nudging up), so that no vertex lies on a line.
    mutating func avoid(_ values: some Sequence<Double>) {
        var moved = true
        while moved {
            moved = false
            for v in values {
                guard let i = cell(v) else { continue }
                for k in i...(i + 1) where lines[k] == v {
                    lines[k] = v.nextUp
                    moved = true
                }
            }
        }
    }
}
