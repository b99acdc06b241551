import Foundation
import ZoneClient

/// `zonectl-bench viewport STORE_URL WORK LAYER LON LAT`: viewport queries of a point layer as
/// a phone makes them (bench/viewport.sh). Prints one JSON object:
/// - `syncBytes`: bytes of a first sync with the band files only, and with every point file;
/// - per zoom (512-px zooms 0...maxZoom, a 390 x 844-point view at LON, LAT through the MapKit
///   region variant): the first query's time (it may fetch metatiles over loopback HTTP), and
///   the p50 / p99 / max of warm queries (small pans around the centre, every file in memory).
func viewportBenchmark(_ args: [String]) async throws {
    guard args.count == 5, let store = URL(string: args[0]), let lon = Double(args[3]), let lat = Double(args[4]) else {
        throw BenchError("usage: zonectl-bench viewport STORE_URL WORK LAYER LON LAT")
    }
    let work = URL(fileURLWithPath: args[1])
    let layer = args[2]
    let lazyCache = work.appendingPathComponent("viewport-cache")
    let allCache = work.appendingPathComponent("viewport-cache-all")
    for dir in [lazyCache, allCache] { try? FileManager.default.removeItem(at: dir) }
    let transport = URLSessionTransport(base: store)
    let eager = try await ZoneSync(transport: transport, cache: allCache, points: .all).run()
    let client = ZoneClient(store: store, cache: lazyCache, transport: transport)
    let lazy = try await client.sync()
    let manifest = try await client.manifest()
    guard let clustering = manifest.points?.first(where: { $0.layer == layer })?.clustering else {
        throw BenchError("no layer \(layer)")
    }
    let width = 390.0
    let height = 844.0
    var random = SystemRandomNumberGenerator()
    var zooms: [[String: Any]] = []
    for z in 0...clustering.maxZoom {
        // MapKit zoom z + 1 shows the 512-px zoom z: the view's spans at that zoom.
        let lonDelta = 360 * width / (256 * pow(2, Double(z) + 1.5))
        let latDelta = lonDelta * height / width * cos(lat * .pi / 180)
        func region(_ dx: Double, _ dy: Double) -> ZoneRegion {
            ZoneRegion(
                centerLatitude: lat + dy * latDelta, centerLongitude: lon + dx * lonDelta, latitudeDelta: latDelta,
                longitudeDelta: lonDelta)
        }
        var start = DispatchTime.now().uptimeNanoseconds
        let first = try await client.clusters(layer: layer, region: region(0, 0), viewWidth: width)
        let firstSeconds = secondsSince(start)
        let pans = (0..<2000).map { _ in
            (Double.random(in: -0.3...0.3, using: &random), Double.random(in: -0.3...0.3, using: &random))
        }
        for (dx, dy) in pans { _ = try await client.clusters(layer: layer, region: region(dx, dy), viewWidth: width) }
        var times: [Double] = []
        var features = 0
        for (dx, dy) in pans {
            start = DispatchTime.now().uptimeNanoseconds
            let answer = try await client.clusters(layer: layer, region: region(dx, dy), viewWidth: width)
            times.append(secondsSince(start))
            features += answer.features.count
        }
        times.sort()
        zooms.append([
            "zoom": z, "layerZoom": first.layerZoom, "features": first.features.count,
            "meanFeatures": Double(features) / Double(pans.count), "firstMs": firstSeconds * 1000,
            "fetched": first.fetched.count, "p50Ms": times[times.count / 2] * 1000,
            "p99Ms": times[times.count * 99 / 100] * 1000, "maxMs": times.last! * 1000,
            "bbox": [first.bbox.west, first.bbox.south, first.bbox.east, first.bbox.north],
        ])
    }
    let out: [String: Any] = [
        "syncBytesBands": lazy.bytesFetched, "syncBytesAll": eager.bytesFetched, "syncObjectsBands": lazy.fetched.count,
        "syncObjectsAll": eager.fetched.count, "zooms": zooms,
    ]
    print(String(decoding: try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys]), as: UTF8.self))
}
