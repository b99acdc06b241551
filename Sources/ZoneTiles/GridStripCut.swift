import ZoneGeometry

/// Cuts polygons on the grid into a row of strips along one axis (the columns of a city's tile
/// range, then each column's rows) in one pass over their segments, where clipping to each strip
/// would pass every segment once per strip. Strip k spans [start + k·step − buffer,
/// start + (k + 1)·step + buffer] along the axis, so neighbouring strips overlap by twice the
/// buffer, and `across` across it.
///
/// The polygons are noded at every strip's sides (``CityZoom/snapped(extent:buffer:cores:)``),
/// so each segment lies in one or two strips (by its midpoint) or in none, and a strip's pieces
/// are exactly what ``GridRectangleClip`` makes of the strip's rectangle: the runs of a ring's
/// segments in the strip (chains), stitched along the rectangle's border; rings wholly in it as
/// they are; a polygon inside a strip copied; a strip that no ring enters, the whole rectangle
/// when the polygon holds its centre.
struct GridStripCut {
    enum Axis { case x, y }

    let axis: Axis
    let start: Int64
    let step: Int64
    let buffer: Int64
    let count: Int
    /// The closed range the strips span across the axis. A segment on one of its ends (the side
    /// of the column being cut into rows) runs along every strip's border and is in none.
    let across: (low: Int64, high: Int64)

    typealias Point = GridRectangleClip.Point

    /// Strip k's low and high side along the axis.
    @inline(__always) func low(_ k: Int) -> Int64 { start + Int64(k) * step - buffer }
    @inline(__always) func high(_ k: Int) -> Int64 { start + Int64(k + 1) * step + buffer }

    /// Strip k's rectangle.
    func rectangle(_ k: Int) -> GridRectangleClip {
        switch axis {
        case .x: GridRectangleClip(xmin: low(k), ymin: across.low, xmax: high(k), ymax: across.high)
        case .y: GridRectangleClip(xmin: across.low, ymin: low(k), xmax: across.high, ymax: high(k))
        }
    }

    /// The strips whose open span meets the open interval (lo, hi) along the axis.
    func strips(meeting lo: Int64, _ hi: Int64) -> ClosedRange<Int>? {
        let first = max(0, Int(floorDiv(lo - start - buffer, step)))
        let last = min(count - 1, Int(ceilDiv(hi - start + buffer, step)) - 1)
        return first <= last ? first...last : nil
    }

    /// `g` cut into the strips: the strips it has area in, ascending, each with its geometry,
    /// and the strips it covers whole as ranges, with no polygon each (a country-sized zone's
    /// rows); nil when `g` is off the grid or a segment crosses a strip's side off a vertex.
    /// `scratch`, of `count` strips, is space kept across calls.
    func pieces(_ g: PolygonalGeometry, scratch: inout Scratch) -> (
        geometries: [(strip: Int, geometry: PolygonalGeometry)], whole: [ClosedRange<Int>]
    )? {
        guard GridRectangleClip.isOnGrid(g) else { return nil }
        var builders: [(strip: Int, builder: PolygonalGeometryBuilder)] = []
        var whole: [ClosedRange<Int>] = []
        for p in 0..<g.polygonCount {
            guard let polygons = cut(g, polygon: p, scratch: &scratch) else {
                scratch = Scratch(count: count)
                return nil
            }
            whole += polygons.whole
            for (k, pieces) in polygons.pieces {
                var slot = Int(scratch.slot[k])
                if slot < 0 {
                    slot = builders.count
                    scratch.slot[k] = Int32(slot)
                    builders.append((k, PolygonalGeometryBuilder()))
                }
                switch pieces {
                case .inside: rectangle(k).appendInside(g, polygon: p, to: &builders[slot].builder)
                case .rings(let rings): GridRectangleClip.append(rings, to: &builders[slot].builder)
                }
            }
        }
        for b in builders { scratch.slot[b.strip] = -1 }
        return (builders.sorted { $0.strip < $1.strip }.map { ($0.strip, $0.builder.build()) }, whole)
    }

    /// A polygon's part of one strip: all of it (it lies inside the strip's open rectangle), or
    /// these polygons of rings.
    enum Pieces {
        case inside
        case rings([[[Point]]])
    }

    /// Per strip, the segment indices of the ring being cut that lie in it, reused across rings.
    /// With each strip's place among the strips being built (-1: none).
    struct Scratch {
        var segments: [[Int32]]
        var parts: [GridRectangleClip.Parts?]
        var slot: [Int32]
        init(count: Int) {
            segments = Array(repeating: [], count: count)
            parts = Array(repeating: nil, count: count)
            slot = Array(repeating: -1, count: count)
        }
    }

    /// Polygon `p` of `g`, by strip; the strips it covers whole as ranges.
    func cut(_ g: PolygonalGeometry, polygon p: Int, scratch: inout Scratch) -> (
        pieces: [(Int, Pieces)], whole: [ClosedRange<Int>]
    )? {
        let exteriorRing = g.polygonRings(p).lowerBound
        let c = g.coordinates
        var (vlo, vhi, wlo, whi) = (Int64.max, Int64.min, Int64.max, Int64.min)
        for i in g.ringRange(exteriorRing) {
            let (x, y) = (Int64(c[2 * i]), Int64(c[2 * i + 1]))
            let (v, w) = axis == .x ? (x, y) : (y, x)
            (vlo, vhi, wlo, whi) = (min(vlo, v), max(vhi, v), min(wlo, w), max(whi, w))
        }
        guard let range = strips(meeting: vlo, vhi), wlo < across.high, whi > across.low else { return ([], []) }
        // Inside the open rectangle of every strip it meets: copied, as a clip would give it.
        if wlo > across.low && whi < across.high && range.allSatisfy({ low($0) < vlo && vhi < high($0) }) {
            return (range.map { ($0, .inside) }, [])
        }
        let rings = GridRectangleClip.points(g, polygon: p)
        guard let exterior = GridRectangleClip.oriented(rings[0], exterior: true) else { return ([], []) }
        var touched: [Int] = []
        // Per ring, the strips it has segments in.
        var ringStrips: [[Int]] = []
        for (r, source) in rings.enumerated() {
            guard let ring = r == 0 ? exterior : GridRectangleClip.oriented(source, exterior: false) else {
                ringStrips.append([])
                continue
            }
            guard let strips = assign(ring, to: &scratch.segments) else { return nil }
            ringStrips.append(strips)
            for k in strips {
                let segments = scratch.segments[k]
                if scratch.parts[k] == nil {
                    scratch.parts[k] = GridRectangleClip.Parts()
                    touched.append(k)
                }
                if segments.count == ring.count {
                    if r == 0 {
                        scratch.parts[k]!.wholeExteriors.append(ring)
                    } else {
                        scratch.parts[k]!.holes.append(ring)
                    }
                } else {
                    scratch.parts[k]!.chains += GridRectangleClip.chains(ring, segments)
                }
                scratch.segments[k].removeAll(keepingCapacity: true)
            }
        }
        var out: [(Int, Pieces)] = []
        var whole: [ClosedRange<Int>] = []
        // A strip that no ring enters lies inside the polygon or outside it, as do its
        // neighbours that no ring enters: strips overlap by twice the buffer, so a run of them
        // is one open rectangle without a ring point, and one centre decides the run.
        var k = range.lowerBound
        while k <= range.upperBound {
            guard scratch.parts[k] == nil else {
                k += 1
                continue
            }
            var end = k
            while buffer > 0 && end < range.upperBound && scratch.parts[end + 1] == nil { end += 1 }
            if holds(centreOf: k, exterior: exterior, rings: rings) { whole.append(k...end) }
            k = end + 1
        }
        for k in touched.sorted() {
            let parts = scratch.parts[k]!
            scratch.parts[k] = nil
            // No chain enters the rectangle (holes may lie in it): its centre is in the polygon
            // when it is in the exterior and in none of the holes that do not lie in it.
            let polygons = rectangle(k).assemble(parts) {
                !ringStrips[0].contains(k)
                    && holds(centreOf: k, exterior: exterior, rings: rings) { !ringStrips[$0].contains(k) }
            }
            guard let polygons else { return nil }
            if !polygons.isEmpty { out.append((k, .rings(polygons))) }
        }
        return (out, whole)
    }

    /// Whether strip k's centre is in the polygon: in `exterior` and in none of the holes
    /// (`rings` after the first) that `counts` (all by default).
    func holds(
        centreOf k: Int, exterior: [Point], rings: [[Point]], counts: (Int) -> Bool = { _ in true }
    ) -> Bool {
        let r = rectangle(k)
        let centre = Point(x: r.xmin + r.xmax, y: r.ymin + r.ymax)
        guard GridRectangleClip.holds(exterior, doubled: centre) else { return false }
        return !rings.indices.dropFirst().contains { i in
            counts(i) && rings[i].count >= 3 && GridRectangleClip.holds(rings[i], doubled: centre)
        }
    }

    /// Puts each segment of `ring` (from point i to i + 1) in the lists of the strips whose open
    /// rectangle holds its midpoint; returns the strips it put segments in, or nil when a
    /// segment crosses a strip's side off a vertex.
    func assign(_ ring: [Point], to lists: inout [[Int32]]) -> [Int]? {
        var strips: [Int] = []
        let n = ring.count
        for i in 0..<n {
            let a = ring[i]
            let b = ring[i + 1 == n ? 0 : i + 1]
            let (va, vb, wa, wb) = axis == .x ? (a.x, b.x, a.y, b.y) : (a.y, b.y, a.x, b.x)
            guard min(wa, wb) >= across.low, max(wa, wb) <= across.high else { return nil }
            // On an end of the range across: along every strip's border.
            guard wa + wb > 2 * across.low, wa + wb < 2 * across.high else { continue }
            let (lo, hi) = (min(va, vb), max(va, vb))
            if lo < hi {
                // The first low side and the first high side beyond `lo` must not lie before `hi`.
                let k = max(0, Int(floorDiv(lo - start + buffer, step)) + 1)
                if k < count && low(k) < hi { return nil }
                let j = max(0, Int(floorDiv(lo - start - buffer, step)))
                if j < count && high(j) < hi { return nil }
            }
            let t = va + vb - 2 * start
            let first = max(0, Int(floorDiv(t - 2 * buffer, 2 * step)))
            let last = min(count - 1, Int(ceilDiv(t + 2 * buffer, 2 * step)) - 1)
            guard first <= last else { continue }
            for k in first...last {
                if lists[k].isEmpty { strips.append(k) }
                lists[k].append(Int32(i))
            }
        }
        return strips
    }
}

@inline(__always) func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

@inline(__always) func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }
