import VectorTiles
import ZoneSupport

extension ZoneTiler {
    /// One entry of a tile: a zone (index among all zones) and its geometry, nil when it covers
    /// the tile whole.
    typealias Entry = (zone: Int, geometry: MVTEncodedGeometry?)

    /// Gathers the cities' blocks of one zoom by tile, encodes the tiles in parallel and emits
    /// them in tile order. A tile that one zone covers whole is that zone's square, encoded once.
    func emitZoom(
        _ zoom: Int, _ blocks: [[TileBlock]], cities: [[Int]], names: [(city: String, style: String)],
        emit: (TileKey, [UInt8]) throws -> Void
    ) throws {
        var tiles: [TileKey: [Entry]] = [:]
        var whole: [Int: [UInt8]] = [:]
        let b = Int32(buffer)
        let e = Int32(extent)
        let square = [TilePoint(-b, -b), TilePoint(e + b, -b), TilePoint(e + b, e + b), TilePoint(-b, e + b)]
        for (c, cityBlocks) in blocks.enumerated() {
            for block in cityBlocks {
                let zone = cities[c][block.zone]
                if block.geometry == nil && whole[zone] == nil {
                    whole[zone] = layer([(zone, .polygons([square]))], names: names)
                }
                for x in block.xs {
                    for y in block.ys {
                        tiles[TileKey(z: zoom, x: x, y: y), default: []].append((zone, block.geometry))
                    }
                }
            }
        }
        let keys = tiles.keys.sorted()
        let (byTile, wholeBytes) = (tiles, whole)
        let encoded = parallelMap(count: keys.count, jobs: jobs) { i -> [UInt8] in
            let entries = byTile[keys[i]] ?? []
            if entries.count == 1, entries[0].geometry == nil, let bytes = wholeBytes[entries[0].zone] {
                return bytes
            }
            return layer(
                entries.map { ($0.zone, $0.geometry.map { .encoded($0) } ?? .polygons([square])) }, names: names)
        }
        for (key, bytes) in zip(keys, encoded) { try emit(key, bytes) }
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
