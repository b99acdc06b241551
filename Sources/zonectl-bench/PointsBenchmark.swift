import Foundation
import ZonePipeline
import ZonePoints

/// `zonectl-bench points [--jobs N] [--gzip-level N] [--clusters] PATH...`: the point layer (radius 60, extent 512,
/// min_points 2, zooms 0...16, grouped by city) built from PATH; one line of JSON with the
/// read, cluster and total seconds; with --clusters, a second line: {city: clusters per zoom}.
func pointsBenchmark(_ arguments: [String]) throws {
    var jobs = 1
    var gzipLevel = PointLayerConfig.defaultGzipLevel
    var paths: [String] = []
    var clusters = false
    var i = 0
    while i < arguments.count {
        if arguments[i] == "--clusters" {
            clusters = true
            i += 1
            continue
        }
        if arguments[i] == "--jobs", i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
            jobs = n
            i += 2
            continue
        }
        if arguments[i] == "--gzip-level", i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
            gzipLevel = n
            i += 2
            continue
        }
        paths.append(arguments[i])
        i += 1
    }
    guard !paths.isEmpty else {
        throw BenchError("usage: zonectl-bench points [--jobs N] [--gzip-level N] [--clusters] PATH...")
    }
    let layer = PointLayerConfig(
        name: "bench", source: paths, keep: ["id", "kind"], sum: ["available"], gzipLevel: gzipLevel)
    let r = try PointBenchmark.run(layer: layer, jobs: jobs)
    let fields: [(String, String)] = [
        ("points", "\(r.points)"), ("cities", "\(r.cities)"), ("files", "\(r.files)"), ("gzip_bytes", "\(r.gzipBytes)"),
        ("jobs", "\(jobs)"), ("gzip_level", "\(gzipLevel)"), ("read_s", String(format: "%.3f", r.readSeconds)),
        ("cluster_s", String(format: "%.3f", r.clusterSeconds)), ("total_s", String(format: "%.3f", r.totalSeconds)),
    ]
    print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
    if clusters {
        let perCity = r.clustersPerCity.sorted { $0.key < $1.key }.map { city, zooms in
            "\"\(city)\": [" + zooms.map(String.init).joined(separator: ", ") + "]"
        }
        print("{" + perCity.joined(separator: ", ") + "}")
    }
}
