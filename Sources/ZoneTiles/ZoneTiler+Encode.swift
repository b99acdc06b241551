import VectorTiles
import ZoneSupport

extension ZoneTiler {
    /// One entry of a tile: a zone (index among all zones) and its geometry, nil when it covers
    /// the tile whole.
    typealias Entry = (zone: Int, geometry: MVTEncodedGeometry?)

    /// Gathers the cities' blocks of one zoom by tile, encodes the tiles in parallel and emits
    /// them in tile order; then the tiles that only whole zones cover, as runs of tile ids
    /// (``uniformRuns(_:zoom:)``) with the same bytes, so a zone over millions of tiles costs
    /// what its border does. A tile that one zone covers whole is that zone's square.
    func emitZoom(
        _ zoom: Int, _ blocks: [[TileBlock]], cities: [[Int]], names: [(city: String, style: String)],
        emit: (TileKey, [UInt8]) throws -> Void, emitRun: (Range<UInt64>, [UInt8]) throws -> Void
    ) throws {
        // A tile's features in city order, then the city's zone order (as its blocks come).
        var rank = [Int](repeating: 0, count: names.count)
        for (i, zone) in cities.joined().enumerated() { rank[zone] = i }
        let order = rank
        var tiles: [TileKey: [Entry]] = [:]
        // Per column, the rows each zone covers whole.
        var wholeRows: [Int: [(ys: Range<Int>, zone: Int)]] = [:]
        for (c, cityBlocks) in blocks.enumerated() {
            for block in cityBlocks {
                let zone = cities[c][block.zone]
                for x in block.xs {
                    guard let geometry = block.geometry else {
                        wholeRows[x, default: []].append((block.ys, zone))
                        continue
                    }
                    for y in block.ys { tiles[TileKey(z: zoom, x: x, y: y), default: []].append((zone, geometry)) }
                }
            }
        }
        // Whole zones over tiles that have pieces too join those tiles; the rest are uniform.
        var partialRows: [Int: [Int]] = [:]
        for key in tiles.keys { partialRows[key.x, default: []].append(key.y) }
        var contents: [[Int]: Int] = [:]
        var uniform: [Int: [(ys: Range<Int>, content: Int)]] = [:]
        for (x, rows) in wholeRows {
            let partial = (partialRows[x] ?? []).sorted()
            var runs: [(ys: Range<Int>, content: Int)] = []
            // Rows that follow the last run with its content lengthen it, so that a square
            // across them is found uniform.
            func append(_ ys: Range<Int>, _ content: Int) {
                if let last = runs.last, last.ys.upperBound == ys.lowerBound, last.content == content {
                    runs[runs.count - 1].ys = last.ys.lowerBound..<ys.upperBound
                } else {
                    runs.append((ys, content))
                }
            }
            for (ys, zones) in Self.coverage(rows) {
                let sorted = zones.sorted { order[$0] < order[$1] }
                let content = contents[sorted] ?? contents.count
                contents[sorted] = content
                var start = ys.lowerBound
                var i = partial.partitioningIndex { $0 >= ys.lowerBound }
                while i < partial.count && partial[i] < ys.upperBound {
                    let y = partial[i]
                    for zone in sorted { tiles[TileKey(z: zoom, x: x, y: y)]!.append((zone, nil)) }
                    if start < y { append(start..<y, content) }
                    start = y + 1
                    i += 1
                }
                if start < ys.upperBound { append(start..<ys.upperBound, content) }
            }
            uniform[x] = runs
        }
        let b = Int32(buffer)
        let e = Int32(extent)
        let square = [TilePoint(-b, -b), TilePoint(e + b, -b), TilePoint(e + b, e + b), TilePoint(-b, e + b)]
        let keys = tiles.keys.sorted()
        let byTile = tiles
        tiles = [:]
        let encoded = parallelMap(count: keys.count, jobs: jobs) { i -> [UInt8] in
            let entries = (byTile[keys[i]] ?? []).sorted { order[$0.zone] < order[$1.zone] }
            return layer(
                entries.map { ($0.zone, $0.geometry.map { .encoded($0) } ?? .polygons([square])) }, names: names)
        }
        for (key, bytes) in zip(keys, encoded) { try emit(key, bytes) }
        var bytesOf = [[UInt8]](repeating: [], count: contents.count)
        for (zones, content) in contents {
            bytesOf[content] = layer(zones.map { ($0, .polygons([square])) }, names: names)
        }
        for (ids, content) in Self.uniformRuns(uniform, zoom: zoom) { try emitRun(ids, bytesOf[content]) }
    }

    /// One column's whole rows (each a zone's range of rows) as disjoint ranges, each with the
    /// zones that cover it (zones of different cities may overlap), in row order.
    static func coverage(_ rows: [(ys: Range<Int>, zone: Int)]) -> [(ys: Range<Int>, zones: [Int])] {
        var events: [(y: Int, zone: Int, starts: Bool)] = []
        for r in rows {
            events.append((r.ys.lowerBound, r.zone, true))
            events.append((r.ys.upperBound, r.zone, false))
        }
        events.sort { $0.y < $1.y }
        var out: [(ys: Range<Int>, zones: [Int])] = []
        var active: [Int] = []
        var i = 0
        while i < events.count {
            let y = events[i].y
            while i < events.count && events[i].y == y {
                if events[i].starts {
                    active.append(events[i].zone)
                } else if let k = active.firstIndex(of: events[i].zone) {
                    active.remove(at: k)
                }
                i += 1
            }
            if i < events.count && !active.isEmpty && events[i].y > y { out.append((y..<events[i].y, active)) }
        }
        return out
    }

    /// The tiles of `uniform` (per column, disjoint row ranges, each with a content number) as
    /// runs of PMTiles ids of one content: the aligned squares of 2^k tiles that one content
    /// fills, each one stretch of the Hilbert curve, found from the whole zoom down, so their
    /// count follows the border of the area, not its tiles.
    static func uniformRuns(_ uniform: [Int: [(ys: Range<Int>, content: Int)]], zoom: Int) -> [(
        ids: Range<UInt64>, content: Int
    )] {
        let columns = uniform.keys.sorted()
        var out: [(ids: Range<UInt64>, content: Int)] = []
        func visit(_ x0: Int, _ y0: Int, _ level: Int) {
            let size = 1 << level
            let first = columns.partitioningIndex { $0 >= x0 }
            let last = columns.partitioningIndex { $0 >= x0 + size }
            guard first < last else { return }
            var isUniform = last - first == size
            var content = -1
            var meets = false
            for c in first..<last {
                let runs = uniform[columns[c]]!
                let i = runs.partitioningIndex { $0.ys.upperBound > y0 }
                guard i < runs.count, runs[i].ys.lowerBound < y0 + size else {
                    isUniform = false
                    if meets { break } else { continue }
                }
                meets = true
                if isUniform && runs[i].ys.lowerBound <= y0 && runs[i].ys.upperBound >= y0 + size
                    && (content < 0 || content == runs[i].content)
                {
                    content = runs[i].content
                } else {
                    isUniform = false
                    break
                }
            }
            guard meets else { return }
            if isUniform {
                out.append((PMTilesTileID.ids(z: zoom, x: x0, y: y0, level: level), content))
                return
            }
            guard level > 0 else { return }
            let half = size / 2
            for (dx, dy) in [(0, 0), (half, 0), (0, half), (half, half)] { visit(x0 + dx, y0 + dy, level - 1) }
        }
        visit(0, 0, zoom)
        return out
    }

    /// The MVT bytes of a tile with one layer `zones` of these features.
    func layer(_ features: [(zone: Int, geometry: MVTGeometry)], names: [(city: String, style: String)]) -> [UInt8] {
        let layer = MVTLayer(
            name: "zones", extent: UInt32(extent),
            features: features.map { f in
                MVTFeature(
                    properties: [("city", .string(names[f.zone].city)), ("style", .string(names[f.zone].style))],
                    geometry: f.geometry)
            })
        return MVTTile(layers: [layer]).encoded()
    }
}
