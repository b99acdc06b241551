import ZoneSupport

/// Snap rounding (Hobby 1999; Guibas & Marimont 1998) of labelled segments from a fine grid to
/// the output grid, whose unit is `pixel` fine units.
///
/// Hot pixels are the output grid cells (closed squares around each grid point) holding a
/// segment end or a crossing of two segments. Each segment becomes the path through the
/// centres of all hot pixels it passes, in order along it. The paths of different segments
/// then meet only at grid points: the result is fully noded, every point moves by at most half
/// a cell diagonal, and all predicates are exact integer arithmetic (the one floating-point
/// step, locating a crossing, is checked exactly and widened to the neighbouring pixels).
struct SnapRounder {
    /// Fine units per output grid unit; even, so pixel edges are on the fine grid.
    let pixel: Int64
    /// Cores lent to the routing and the crossing search, in chunks of segments and of cells.
    package var cores = IdleCores.none
    /// Grid lines every segment is noded at (``GridLines``).
    var lines = GridLines()
    var half: Int64 { pixel / 2 }

    /// Segments routed per chunk, and cells searched for crossings per chunk (``IdleCores``).
    static let routeChunk = 2048
    static let crossingChunk = 512

    /// `exactIn128`: the predicates in Int128 (true) or Int64 (false: the segments' box must be
    /// under 2^30 fine units a side); nil chooses Int64 where it is exact (the tests compare).
    package func callAsFunction(_ s: LabelledSegments, exactIn128: Bool? = nil) -> SnappedSegments {
        // Every difference of two points near the segments is then under 2^31, every product
        // of two under 2^62: the predicates' sums of two such products fit in Int64.
        if exactIn128 ?? !Self.spanBelow(1 << 30, s) { return round(s, in: Int128.self) }
        return round(s, in: Int64.self)
    }

    private func round<Exact: FixedWidthInteger & SignedInteger>(_ s: LabelledSegments, in _: Exact.Type)
        -> SnappedSegments
    {
        let cell = cellSize(s)
        var out = SnappedSegments(labels: s)
        let ends: [Int32]
        (out.pixels, ends) = hotPixels(s, cell: cell, in: Exact.self)
        let hotList = out.pixels

        // Hot pixels by cell of `route` pixels.
        let route = routeSize(hotList, cell: cell)
        let index = CellBuckets { add in
            for (i, p) in hotList.enumerated() {
                add(GridPoint(x: floorDiv(p.x, route), y: floorDiv(p.y, route)), Int32(i))
            }
        }
        // The pixels in bucket order: read one after the other, not through their indices at
        // random (those loads were a large share of the routing's time).
        let bucketPixels = index.items.map { hotList[Int($0)] }
        // Each segment's path on its own; the chunks' paths are joined in segment order.
        let chunks = cores.map(count: s.count, chunk: Self.routeChunk) { segments in
            var path: [Int32] = []
            var pathEnd: [Int32] = []
            path.reserveCapacity(2 * segments.count)
            pathEnd.reserveCapacity(segments.count)
            var found: [(t: Exact, p: Int32)] = []
            for i in segments {
                let a = s.from[i]
                let b = s.to[i]
                found.removeAll(keepingCapacity: true)
                let dx = Exact(truncatingIfNeeded: b.x - a.x)
                let dy = Exact(truncatingIfNeeded: b.y - a.y)
                let (startPixel, endPixel) = (ends[2 * i], ends[2 * i + 1])
                // The pixels whose closed squares meet the segment's box, in pixel units: any
                // other misses it (``separatingAxes(_:_:pixel:in:)``'s first test, without its
                // products; most pixels of the cells along a segment are missed so).
                let (loX, hiX) = (-floorDiv(half - min(a.x, b.x), pixel), floorDiv(max(a.x, b.x) + half, pixel))
                let (loY, hiY) = (-floorDiv(half - min(a.y, b.y), pixel), floorDiv(max(a.y, b.y) + half, pixel))
                forEachCell(along: a, b, cell: route * pixel, margin: pixel) { cx, cy, _ in
                    for k in index.range(GridPoint(x: cx, y: cy)) {
                        let p = bucketPixels[k]
                        guard p.x >= loX && p.x <= hiX && p.y >= loY && p.y <= hiY else { continue }
                        // The pixels of the segment's ends hold its ends: met, without a test.
                        let hot = index.items[k]
                        guard hot == startPixel || hot == endPixel || hits(a, b, pixel: p, in: Exact.self) else {
                            continue
                        }
                        let t =
                            Exact(truncatingIfNeeded: p.x * pixel - a.x) &* dx
                            &+ Exact(truncatingIfNeeded: p.y * pixel - a.y) &* dy
                        found.append((t, hot))
                    }
                }
                // In order along the segment, ties by pixel. A segment passes few hot pixels
                // (most only its two ends'): those are sorted by insertion, without the
                // standard sort's calls of a comparison closure.
                @inline(__always) func before(_ a: (t: Exact, p: Int32), _ b: (t: Exact, p: Int32)) -> Bool {
                    if a.t != b.t { return a.t < b.t }
                    let p = hotList[Int(a.p)]
                    let q = hotList[Int(b.p)]
                    return p.x != q.x ? p.x < q.x : p.y < q.y
                }
                if found.count > 16 {
                    found.sort(by: before)
                } else {
                    for k in found.indices.dropFirst() {
                        let e = found[k]
                        var j = k
                        while j > 0 && before(e, found[j - 1]) {
                            found[j] = found[j - 1]
                            j -= 1
                        }
                        found[j] = e
                    }
                }
                var last = ends[2 * i]
                path.append(last)
                for (_, p) in found where p != last {
                    path.append(p)
                    last = p
                }
                let end = ends[2 * i + 1]
                if end != last { path.append(end) }
                pathEnd.append(Int32(path.count))
            }
            return (path: path, pathEnd: pathEnd)
        }
        out.pathStart.reserveCapacity(s.count + 1)
        if chunks.count == 1 {
            // One chunk (no core lent): its path is the path, moved, not copied.
            out.path = chunks[0].path
            out.pathStart += chunks[0].pathEnd
        } else {
            out.path.reserveCapacity(chunks.reduce(0) { $0 + $1.path.count })
            for chunk in chunks {
                let base = Int32(out.path.count)
                out.path += chunk.path
                out.pathStart += chunk.pathEnd.lazy.map { $0 + base }
            }
        }
        return out
    }
}
