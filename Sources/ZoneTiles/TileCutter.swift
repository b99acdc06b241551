import VectorTiles
import ZoneGeometry

/// The tiles of one zoom that a city's zones cover, as blocks: a zone's rings in one tile, or a
/// range of tiles that one zone covers whole (buffer included), which are all the same tile.
struct TileBlock {
    var xs: Range<Int>
    var ys: Range<Int>
    /// The zone's index in the city.
    var zone: Int
    /// The zone's rings in the one tile (``TileRings``), encoded; nil: the zone covers the tiles whole.
    var geometry: MVTEncodedGeometry?

    /// The rings, decoded (the checks' view).
    var rings: [[TilePoint]]? { geometry?.polygonRings }
}

/// Cuts a city's zones (``CityZoom``, on the grid) into tiles in two passes: each zone into the
/// columns of the city's tile range, then each column into its tiles, every strip with the
/// buffer (``GridStripCut``, one pass over a zone's segments per pass). The cut is exact: the
/// zones are noded at every tile line ± buffer; a geometry it refuses is clipped strip by strip
/// (``GridRectangleClip``, else the GEOS overlay).
///
/// Neighbouring tiles agree: both cut the same grid geometry, and their common edge lies
/// inside both buffers, where the cut adds nothing. Should a tile's rings still be invalid,
/// the tile's zones are snapped again together (``CityOverlay`` on the tile's grid).
struct TileCutter {
    let zoom: Int
    let extent: Int
    let buffer: Int
    let originX: Int64
    let originY: Int64
    let context: GEOSContext

    typealias Piece = (zone: Int, geometry: PolygonalGeometry)

    func blocks(of zones: [PolygonalGeometry]) throws -> [TileBlock] {
        let pieces = zones.enumerated().filter { !$0.element.isEmpty }.map { Piece($0.offset, $0.element) }
        let boxes = pieces.compactMap { BoundingBox($0.geometry) }
        guard let first = boxes.first else { return [] }
        let box = boxes.dropFirst().reduce(first) { $0.union($1) }
        let n = 1 << zoom
        func tiles(_ lo: Double, _ hi: Double, _ origin: Int64) -> Range<Int> {
            let a = Int(((lo + Double(origin) - Double(buffer)) / Double(extent)).rounded(.down))
            let b = Int(((hi + Double(origin) + Double(buffer)) / Double(extent)).rounded(.down))
            return max(0, a)..<min(n, b + 1)
        }
        let xs = tiles(box.west, box.east, originX)
        let ys = tiles(box.south, box.north, originY)
        guard !xs.isEmpty, !ys.isEmpty else { return [] }
        var out: [TileBlock] = []
        // Across the columns, a range wider than the zones: no column lies inside a zone.
        var scratch = GridStripCut.Scratch(count: xs.count)
        let columns = try cut(
            pieces, .x, xs, across: (Int64(box.south.rounded(.down)) - 1, Int64(box.north.rounded(.up)) + 1),
            scratch: &scratch)
        scratch = GridStripCut.Scratch(count: ys.count)
        for (i, column) in columns.pieces {
            let x = xs.lowerBound + i
            let r = rect(x..<(x + 1), ys)
            let rows = try cut(column, .y, ys, across: (Int64(r.xmin), Int64(r.xmax)), scratch: &scratch)
            // Tiles one zone covers whole: more tiles of that zone's block in this column.
            func appendWhole(_ zone: Int, _ rows: Range<Int>) {
                if let last = out.last, last.geometry == nil, last.zone == zone, last.xs.lowerBound == x,
                    last.ys.upperBound == rows.lowerBound
                {
                    out[out.count - 1].ys = last.ys.lowerBound..<rows.upperBound
                } else {
                    out.append(TileBlock(xs: x..<(x + 1), ys: rows, zone: zone, geometry: nil))
                }
            }
            // A tile with pieces, in a strip that `zone` covers whole (-1: none).
            func tile(_ j: Int, _ pieces: [Piece], zone: Int) throws {
                var tile = pieces
                let y = ys.lowerBound + j
                if zone >= 0 {
                    let t = rect(x..<(x + 1), y..<(y + 1))
                    let square = Self.rectangle(
                        GridRectangleClip(
                            xmin: Int64(t.xmin), ymin: Int64(t.ymin), xmax: Int64(t.xmax), ymax: Int64(t.ymax)))
                    tile.insert((zone, square), at: tile.firstIndex { $0.zone > zone } ?? tile.endIndex)
                }
                if tile.count == 1 && isWhole(tile[0].geometry, rect(x..<(x + 1), y..<(y + 1))) {
                    appendWhole(tile[0].zone, y..<(y + 1))
                } else {
                    try leaf(tile, x: x, y: y, into: &out)
                }
            }
            // Rows in order: those with pieces, and the runs of rows a zone covers whole between
            // them, each run at once (a country-sized zone's column is a few runs, not its rows).
            var next = 0
            for (strips, zone) in rows.whole {
                while next < rows.pieces.count && rows.pieces[next].strip < strips.lowerBound {
                    try tile(rows.pieces[next].strip, rows.pieces[next].pieces, zone: -1)
                    next += 1
                }
                var start = strips.lowerBound
                while next < rows.pieces.count && rows.pieces[next].strip < strips.upperBound {
                    let j = rows.pieces[next].strip
                    if start < j { appendWhole(zone, (ys.lowerBound + start)..<(ys.lowerBound + j)) }
                    try tile(j, rows.pieces[next].pieces, zone: zone)
                    next += 1
                    start = j + 1
                }
                if start < strips.upperBound {
                    appendWhole(zone, (ys.lowerBound + start)..<(ys.lowerBound + strips.upperBound))
                }
            }
            for (j, pieces) in rows.pieces[next...] { try tile(j, pieces, zone: -1) }
        }
        return out
    }

    /// A rectangle as a polygon, as a cut gives a strip the polygon covers.
    static func rectangle(_ r: GridRectangleClip) -> PolygonalGeometry {
        var b = PolygonalGeometryBuilder()
        GridRectangleClip.append([[r.corners]], to: &b)
        return b.build()
    }

    /// The rectangle of tiles `xs` × `ys` plus the buffer, in the city's coordinates.
    func rect(_ xs: Range<Int>, _ ys: Range<Int>) -> (xmin: Double, ymin: Double, xmax: Double, ymax: Double) {
        let e = Int64(extent)
        let b = Int64(buffer)
        return (
            Double(Int64(xs.lowerBound) * e - b - originX), Double(Int64(ys.lowerBound) * e - b - originY),
            Double(Int64(xs.upperBound) * e + b - originX), Double(Int64(ys.upperBound) * e + b - originY)
        )
    }

    /// The pieces cut into the strips of tiles `range` along `axis` (each with the buffer),
    /// spanning `across`: the strips with pieces that have area in them (ascending, pieces in
    /// zone order), and the runs of strips (ascending, disjoint) that one zone covers whole, the
    /// first zone that does, whose piece is left out of `pieces` (along y; along x every piece is
    /// in `pieces`, since each column is cut again). `scratch` has `range.count` strips.
    func cut(
        _ pieces: [Piece], _ axis: GridStripCut.Axis, _ range: Range<Int>, across: (low: Int64, high: Int64),
        scratch: inout GridStripCut.Scratch
    ) throws -> (pieces: [(strip: Int, pieces: [Piece])], whole: [(strips: Range<Int>, zone: Int)]) {
        let strips = GridStripCut(
            axis: axis, start: Int64(range.lowerBound) * Int64(extent) - (axis == .x ? originX : originY),
            step: Int64(extent), buffer: Int64(buffer), count: range.count, across: across)
        var out: [Int: [Piece]] = [:]
        // Along y, each zone's runs of whole strips, in zone order.
        var covered: [(strips: Range<Int>, zone: Int)] = []
        for piece in pieces {
            if let parts = strips.pieces(piece.geometry, scratch: &scratch) {
                for (k, g) in parts.geometries where !g.isEmpty { out[k, default: []].append((piece.zone, g)) }
                for run in parts.whole {
                    if axis == .y {
                        covered.append((run.lowerBound..<(run.upperBound + 1), piece.zone))
                    } else {
                        for k in run { out[k, default: []].append((piece.zone, Self.rectangle(strips.rectangle(k)))) }
                    }
                }
                continue
            }
            guard let box = BoundingBox(piece.geometry) else { continue }
            let (lo, hi) = axis == .x ? (box.west, box.east) : (box.south, box.north)
            for k in strips.strips(meeting: Int64(lo.rounded(.down)), Int64(hi.rounded(.up))) ?? 0...(-1) {
                let r = strips.rectangle(k)
                let clipped =
                    try r(piece.geometry)
                    ?? piece.geometry.clipped(
                        xmin: Double(r.xmin), ymin: Double(r.ymin), xmax: Double(r.xmax), ymax: Double(r.ymax),
                        context: context)
                if !clipped.isEmpty { out[k, default: []].append((piece.zone, clipped)) }
            }
        }
        var overlapped = false
        let whole = Self.firstCovering(covered) { k, zone in
            // Zones of a city overlap only with `overlaps: allow`: the later one's strip is a piece.
            out[k, default: []].append((zone, Self.rectangle(strips.rectangle(k))))
            overlapped = true
        }
        if overlapped { for k in out.keys { out[k]!.sort { $0.zone < $1.zone } } }
        return (out.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, whole)
    }

    /// Runs of strips covered whole (in zone order) as disjoint runs, ascending, each strip given
    /// to the first zone that covers it; `overlapped` gets each strip of a later zone that an
    /// earlier one has.
    static func firstCovering(
        _ covered: [(strips: Range<Int>, zone: Int)], overlapped: (Int, Int) -> Void
    ) -> [(strips: Range<Int>, zone: Int)] {
        let sorted = covered.sorted { ($0.strips.lowerBound, $0.zone) < ($1.strips.lowerBound, $1.zone) }
        guard
            sorted.indices.dropFirst().contains(where: {
                sorted[$0].strips.lowerBound < sorted[$0 - 1].strips.upperBound
            })
        else { return sorted }
        // Overlapping runs: strip by strip over their span (only zones that overlap get here).
        var owner: [Int: Int] = [:]
        for run in covered {
            for k in run.strips {
                if owner[k] == nil { owner[k] = run.zone } else { overlapped(k, run.zone) }
            }
        }
        var out: [(strips: Range<Int>, zone: Int)] = []
        for (k, zone) in owner.sorted(by: { $0.key < $1.key }) {
            if let last = out.last, last.zone == zone, last.strips.upperBound == k {
                out[out.count - 1].strips = last.strips.lowerBound..<(k + 1)
            } else {
                out.append((k..<(k + 1), zone))
            }
        }
        return out
    }

    /// True when `g` is exactly the rectangle.
    func isWhole(_ g: PolygonalGeometry, _ r: (xmin: Double, ymin: Double, xmax: Double, ymax: Double)) -> Bool {
        guard g.polygonCount == 1, g.ringCount == 1, g.positionCount <= 5, let box = BoundingBox(g) else {
            return false
        }
        guard box.west == r.xmin, box.east == r.xmax, box.south == r.ymin, box.north == r.ymax else { return false }
        return abs(g.twicePlanarArea(ring: 0)) == 2 * (r.xmax - r.xmin) * (r.ymax - r.ymin)
    }

    /// One tile's pieces as rings in tile coordinates.
    func leaf(_ pieces: [Piece], x: Int, y: Int, into out: inout [TileBlock]) throws {
        let dx = Double(originX - Int64(x) * Int64(extent))
        let dy = Double(originY - Int64(y) * Int64(extent))
        var rings = pieces.map { TileRings($0.geometry, dx: dx, dy: dy) }
        var valid = true
        // A cut of valid grid geometry adds segments only along the rectangle's boundary, so
        // only polygons whose rings meet there, or holed ones whose rings share a vertex, can
        // be invalid (``TileRings/polygons(meetingOnBorderOf:_:)``): those are checked.
        // A piece off the grid (clipped by GEOS, rounded here) may have been bent anywhere: its
        // polygons with two vertices on the boundary (all that were cut) are checked. Most pass
        // the certain-validity check; GEOS decides the rest.
        let (low, high) = (Int32(-buffer), Int32(extent + buffer))
        for (piece, r) in zip(pieces, rings) where !r.isEmpty {
            let cut =
                GridRectangleClip.isOnGrid(piece.geometry)
                ? r.polygons(meetingOnBorderOf: low, high) : r.polygons(onBorderOf: low, high)
            guard !cut.isEmpty else { continue }
            let geometry = cut.geometry
            if !geometry.isCertainlyValid, try geometry.invalidityReason(context: context) != nil {
                valid = false
                break
            }
        }
        if !valid {
            // Snap the tile's zones again together, on the tile's grid: valid by construction.
            let shifted = pieces.map { piece in
                var g = piece.geometry
                g.mapPositions { px, py in (px, py) = (px + dx, py + dy) }
                return [g]
            }
            let groups = try CityOverlay(precision: 0, priority: false)(shifted).groups
            rings = groups.map { TileRings($0, dx: 0, dy: 0) }
        }
        for (piece, r) in zip(pieces, rings) where !r.isEmpty {
            out.append(
                TileBlock(
                    xs: x..<(x + 1), ys: y..<(y + 1), zone: piece.zone,
                    geometry: MVTEncodedGeometry(.polygons(r.rings))))
        }
    }
}
