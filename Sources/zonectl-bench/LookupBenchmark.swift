import Foundation
import ZoneClient

/// `zonectl-bench lookup STORE CITY POINTS [--answers FILE] [--seconds S]`: builds CITY's
/// ZoneIndex from STORE (a build output or store directory), then looks up every `lon,lat`
/// line of POINTS on one thread, pass after pass for about S seconds (default 2), and prints
/// the build time and the best pass's lookups per second. --answers writes each point's style
/// (or `-`), one a line, for bench/lookup_shapely.py to compare.
func lookupBenchmark(_ args: [String]) throws {
    var positional: [String] = []
    var answersPath: String?
    var seconds = 2.0
    var i = 0
    while i < args.count {
        switch args[i] {
        case "--answers":
            i += 1
            answersPath = args[i]
        case "--seconds":
            i += 1
            seconds = Double(args[i]) ?? seconds
        default: positional.append(args[i])
        }
        i += 1
    }
    guard positional.count == 3 else { throw BenchError("usage: zonectl-bench lookup STORE CITY POINTS") }
    let store = DirectoryStore(root: positional[0])
    guard let entry = try store.manifest().city(positional[1]) else { throw BenchError("no city \(positional[1])") }

    let readStart = DispatchTime.now().uptimeNanoseconds
    let bytes = try store.content(of: entry.artifact)
    let indexStart = DispatchTime.now().uptimeNanoseconds
    let index = try ZoneIndex(artifact: bytes, key: entry.artifact.key)
    let built = DispatchTime.now().uptimeNanoseconds
    let times = String(
        format: "read+gunzip+sha256 %.1f ms, index build %.1f ms", Double(indexStart - readStart) / 1e6,
        Double(built - indexStart) / 1e6)
    print("lookup: \(entry.id): \(entry.artifact.bytes) bytes of GeoJSON, \(index.zones.count) zones; \(times)")

    let text = try String(contentsOfFile: positional[2], encoding: .utf8)
    var xs: [Double] = []
    var ys: [Double] = []
    for line in text.split(separator: "\n") {
        let parts = line.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else { continue }
        xs.append(x)
        ys.append(y)
    }
    guard !xs.isEmpty else { throw BenchError("no points in \(positional[2])") }

    var best = Double.infinity
    var found = 0
    var passes = 0
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    repeat {
        let start = DispatchTime.now().uptimeNanoseconds
        found = 0
        for k in xs.indices where index.zone(longitude: xs[k], latitude: ys[k]) != nil { found += 1 }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        passes += 1
    } while DispatchTime.now().uptimeNanoseconds < deadline || passes < 3
    print(
        String(
            format: "lookup: %d points (%d in a zone), best of %d passes %.3f s: %.2f M lookups/s on one core",
            xs.count, found, passes, best, Double(xs.count) / best / 1e6))

    if let answersPath {
        var out = ""
        for k in xs.indices { out += (index.style(longitude: xs[k], latitude: ys[k]) ?? "-") + "\n" }
        try out.write(toFile: answersPath, atomically: true, encoding: .utf8)
    }
}
