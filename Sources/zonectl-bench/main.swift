import Foundation
import ZonePipeline

// Micro-benchmarks of single stages, run by bench/*.sh in release builds.
//   zonectl-bench read PATH...   reads every zone file: MB/s on one thread and on all cores

/// Reads all texts `passes` times and returns the best wall time and the totals of one pass.
func timeReads(_ files: [(path: String, bytes: [UInt8])], jobs: Int, passes: Int = 3) -> (seconds: Double, features: Int, positions: Int, findings: Int) {
    var best = Double.infinity
    var totals = (features: 0, positions: 0, findings: 0)
    for _ in 0..<passes {
        let counts = Counts()
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            var local = (0, 0, 0)
            for i in stride(from: worker, to: files.count, by: jobs) {
                let result = GeoJSONReader.read(SourceText(path: files[i].path, bytes: files[i].bytes))
                local.0 += result.features.count
                local.1 += result.features.reduce(0) { $0 + ($1.geometry?.positionCount ?? 0) }
                local.2 += result.diagnostics.count
            }
            counts.add(local)
        }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        totals = counts.value
    }
    return (best, totals.features, totals.positions, totals.findings)
}

final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var sums = (features: 0, positions: 0, findings: 0)
    func add(_ c: (Int, Int, Int)) {
        lock.lock()
        sums.features += c.0; sums.positions += c.1; sums.findings += c.2
        lock.unlock()
    }
    var value: (features: Int, positions: Int, findings: Int) { lock.lock(); defer { lock.unlock() }; return sums }
}

func readBenchmark(_ paths: [String]) throws {
    let files = try ZoneFiles.discover(paths)
    let texts = try files.map { path throws(SourceError) in (path, try SourceText(contentsOf: path).bytes) }
    let mb = Double(texts.reduce(0) { $0 + $1.1.count }) / 1e6
    for jobs in Set([1, defaultJobs]).sorted() {
        let r = timeReads(texts, jobs: jobs)
        print(String(format: "read %d files, %.1f MB, %d features, %d positions, %d findings, %d thread%@: %.3f s, %.0f MB/s (best of 3)",
                     files.count, mb, r.features, r.positions, r.findings, jobs, jobs == 1 ? "" : "s", r.seconds, mb / r.seconds))
    }
}

/// Load (read + validate) and the geometry stage, with each step's time summed over cities.
func geometryBenchmark(_ paths: [String]) throws {
    let config = PipelineConfig.default
    var start = DispatchTime.now().uptimeNanoseconds
    func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { start = now }
        return Double(now - start) / 1e9
    }
    let zones = try ZoneLoader.load(paths: paths, config: config)
    let load = lap()
    let cities = GeometryStage.run(zones, config: config)
    let geometry = lap()
    var steps: [String: Double] = [:]
    for c in cities { steps.merge(c.timings, uniquingKeysWith: +) }
    let groups = cities.reduce(0) { $0 + $1.groups.count }
    let positions = cities.reduce(0) { $0 + $1.groups.reduce(0) { $0 + $1.geometry.positionCount } }
    let errors = cities.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == .error }.count }
    print(String(format: "load (read + validate) %.2f s wall; geometry %.2f s wall for %d cities, %d groups, %d -> %d positions, %d errors",
                 load, geometry, cities.count, groups, zones.features.reduce(0) { $0 + ($1.geometry?.positionCount ?? 0) }, positions, errors))
    print("geometry steps (thread-seconds): " + ["repair", "dissolve", "priority", "snap", "finish"].map {
        String(format: "%@ %.2f", $0, steps[$0] ?? 0) }.joined(separator: ", "))
}

let args = CommandLine.arguments.dropFirst()
switch args.first {
case "read"?:
    do { try readBenchmark(Array(args.dropFirst())) } catch { print(error); exit(2) }
case "geometry"?:
    do { try geometryBenchmark(Array(args.dropFirst())) } catch { print(error); exit(2) }
default:
    print("usage: zonectl-bench read|geometry PATH...")
    exit(64)
}
