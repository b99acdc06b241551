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

/// Cuts a city's zones (``CityZoom``, on the grid) into tiles by halving the tile range, the
/// longer side first, each half clipped to its tiles plus the buffer: every level passes each
/// vertex once, and a half that one zone covers whole is not cut further. The clip is exact
/// (``GridRectangleClip``: the zones are noded at every tile line ± buffer); a geometry it
/// refuses goes through the GEOS overlay instead.
///
/// Neighbouring tiles agree: both clip the same grid geometry, and their common edge lies
/// inside both buffers, where the clip adds nothing. Should a tile's rings still be invalid,
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
        try cut(try clip(pieces, xs, ys), xs, ys, into: &out)
        return out
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

    /// The pieces cut to the rectangle of `xs` × `ys`; those without area there are left out.
    func clip(_ pieces: [Piece], _ xs: Range<Int>, _ ys: Range<Int>) throws -> [Piece] {
        let r = rect(xs, ys)
        var out: [Piece] = []
        for piece in pieces {
            guard let box = BoundingBox(piece.geometry) else { continue }
            if box.west >= r.xmin && box.east <= r.xmax && box.south >= r.ymin && box.north <= r.ymax {
                out.append(piece)
                continue
            }
            if box.east <= r.xmin || box.west >= r.xmax || box.north <= r.ymin || box.south >= r.ymax { continue }
            let exact = GridRectangleClip(
                xmin: Int64(r.xmin), ymin: Int64(r.ymin), xmax: Int64(r.xmax), ymax: Int64(r.ymax))
            let clipped =
                try exact(piece.geometry)
                ?? piece.geometry.clipped(xmin: r.xmin, ymin: r.ymin, xmax: r.xmax, ymax: r.ymax, context: context)
            if !clipped.isEmpty { out.append((piece.zone, clipped)) }
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

    /// `pieces`, already cut to the rectangle of `xs` × `ys`, into blocks.
    func cut(_ pieces: [Piece], _ xs: Range<Int>, _ ys: Range<Int>, into out: inout [TileBlock]) throws {
        guard !pieces.isEmpty else { return }
        if pieces.count == 1 && isWhole(pieces[0].geometry, rect(xs, ys)) {
            out.append(TileBlock(xs: xs, ys: ys, zone: pieces[0].zone, geometry: nil))
            return
        }
        if xs.count == 1 && ys.count == 1 {
            try leaf(pieces, x: xs.lowerBound, y: ys.lowerBound, into: &out)
            return
        }
        if xs.count >= ys.count {
            let mid = xs.lowerBound + xs.count / 2
            for half in [xs.lowerBound..<mid, mid..<xs.upperBound] {
                try cut(try clip(pieces, half, ys), half, ys, into: &out)
            }
        } else {
            let mid = ys.lowerBound + ys.count / 2
            for half in [ys.lowerBound..<mid, mid..<ys.upperBound] {
                try cut(try clip(pieces, xs, half), xs, half, into: &out)
            }
        }
    }

    /// One tile's pieces as rings in tile coordinates.
    func leaf(_ pieces: [Piece], x: Int, y: Int, into out: inout [TileBlock]) throws {
        let dx = Double(originX - Int64(x) * Int64(extent))
        let dy = Double(originY - Int64(y) * Int64(extent))
        var rings = pieces.map { TileRings($0.geometry, dx: dx, dy: dy) }
        var valid = true
        // A clip of valid grid geometry can still touch itself where it runs along the
        // rectangle. Only polygons with two vertices on its boundary are checked: every polygon
        // a clip made (here or at a larger range, whose sides inside this tile's rectangle are
        // its sides) has them where it was cut; any other is unchanged from the valid zone, and
        // meets a clipped one only at points (a clipped polygon's new edges run along the
        // boundary with its interior inside, as an unchanged polygon's edge there would).
        let (low, high) = (Int32(-buffer), Int32(extent + buffer))
        for r in rings where !r.isEmpty {
            let cut = r.polygons(onBorderOf: low, high)
            if !cut.isEmpty, try cut.geometry.invalidityReason(context: context) != nil {
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
