internal import Mercator

/// Which files of one point layer hold a viewport's features: every city's band file for the
/// band's zooms, else the metatiles whose tile at z − metatileDelta the viewport touches.
struct ClusterLayerFiles: Sendable {
    let name: String
    let clustering: ZoneClustering
    let bands: [ZonePointFile]
    /// Per zoom: the metatiles by tile (several cities may share one).
    let metatiles: [Int: [TileKey: [ZonePointFile]]]

    struct TileKey: Hashable, Sendable {
        var x: Int
        var y: Int
    }

    /// A margin around the viewport in world units (about 4 m), larger than the rounding of a
    /// published position, so a feature written just inside the box is found whatever metatile
    /// its exact position put it in.
    static let margin = 1e-7

    init(_ layer: ZonePointLayer) throws(ZoneClientError) {
        guard let clustering = layer.clustering else {
            throw .badManifest("point layer \(layer.layer) has no clustering parameters")
        }
        name = layer.layer
        self.clustering = clustering
        bands = layer.cities.compactMap(\.band)
        var metatiles: [Int: [TileKey: [ZonePointFile]]] = [:]
        for city in layer.cities {
            for file in city.metatiles {
                guard let z = file.z, let x = file.x, let y = file.y else {
                    throw .badManifest("a metatile of point layer \(layer.layer) has no z, x, y")
                }
                metatiles[z, default: [:]][TileKey(x: x, y: y), default: []].append(file)
            }
        }
        self.metatiles = metatiles
    }

    /// The files that hold the features of layer zoom `z` inside `parts` (plain boxes).
    func files(zoom z: Int, parts: [ZoneBBox]) -> [ZonePointFile] {
        guard z > clustering.bandMaxZoom else { return bands }
        guard let tiles = metatiles[z] else { return [] }
        let t = z - clustering.metatileDelta
        let n = 1 << t
        var found: [ZonePointFile] = []
        var seen = Set<TileKey>()
        for part in parts {
            func tile(_ u: Double) -> Int { min(max(Int((u * Double(n)).rounded(.down)), 0), n - 1) }
            let x0 = tile(WebMercator.x(longitude: part.west) - Self.margin)
            let x1 = tile(WebMercator.x(longitude: part.east) + Self.margin)
            let y0 = tile(WebMercator.y(latitude: part.north) - Self.margin)
            let y1 = tile(WebMercator.y(latitude: part.south) + Self.margin)
            if (x1 - x0 + 1) * (y1 - y0 + 1) > tiles.count {
                for (key, files) in tiles where (x0...x1).contains(key.x) && (y0...y1).contains(key.y) {
                    if seen.insert(key).inserted { found += files }
                }
            } else {
                for x in x0...x1 {
                    for y in y0...y1 {
                        let key = TileKey(x: x, y: y)
                        if let files = tiles[key], seen.insert(key).inserted { found += files }
                    }
                }
            }
        }
        // One order whatever the dictionary's.
        return found.sorted { $0.artifact.key < $1.artifact.key }
    }
}
