import Foundation
import ZonePipeline
import ZoneTiles

/// `zonectl-bench tiles [--min-zoom Z] [--max-zoom Z] PATH...`: the zones built in memory, then
/// tiled by ``ZoneTiler``; prints the wall time of each, the tiles and their bytes (MVT,
/// uncompressed) per zoom, distinct tiles, and the peak resident memory.
func tilesBenchmark(_ arguments: [String]) throws {
    var minZoom = 0
    var maxZoom = 14
    var paths: [String] = []
    var i = 0
    func zoom() throws -> Int {
        i += 1
        guard i < arguments.count, let z = Int(arguments[i]), (0...24).contains(z) else {
            throw BenchError("\(arguments[i - 1]) needs a zoom 0...24")
        }
        return z
    }
    while i < arguments.count {
        switch arguments[i] {
        case "--min-zoom": minZoom = try zoom()
        case "--max-zoom": maxZoom = try zoom()
        default: paths.append(arguments[i])
        }
        i += 1
    }
    guard !paths.isEmpty, minZoom <= maxZoom else {
        throw BenchError("usage: zonectl-bench tiles [--min-zoom Z] [--max-zoom Z] PATH...")
    }
    var start = Date()
    let outcome = try keptGeometry(paths, config: .default)
    let buildSeconds = Date().timeIntervalSince(start)
    let zones = outcome.cities.flatMap { city in
        city.groups.map { TileZone(city: city.city, style: $0.key.last ?? "", geometry: $0.geometry) }
    }
    let positions = zones.reduce(0) { $0 + $1.geometry.positionCount }
    start = Date()
    var perZoom: [Int: (tiles: Int, bytes: Int)] = [:]
    var distinct = Set<[UInt8]>()
    try ZoneTiler(minZoom: minZoom, maxZoom: maxZoom).tiles(of: zones) { key, bytes in
        perZoom[key.z, default: (0, 0)].tiles += 1
        perZoom[key.z, default: (0, 0)].bytes += bytes.count
        distinct.insert(bytes)
    }
    let tileSeconds = Date().timeIntervalSince(start)
    for z in perZoom.keys.sorted() {
        print("z\(z)\t\(perZoom[z]?.tiles ?? 0) tiles\t\(perZoom[z]?.bytes ?? 0) bytes")
    }
    print(
        String(
            format:
                "build %.2f s (%d zones, %d positions); tiles z%d-%d %.2f s: %d tiles, %d distinct, %d bytes; peak RSS %d MB",
            buildSeconds, zones.count, positions, minZoom, maxZoom, tileSeconds,
            perZoom.values.reduce(0) { $0 + $1.tiles }, distinct.count, distinct.reduce(0) { $0 + $1.count },
            ProcessMemory.peak >> 20))
}
