import Foundation
import ZoneFormats
import ZoneGeometry
import ZonePipeline
import ZoneSupport

// Micro-benchmarks of single stages, run by bench/*.sh in release builds.
//   zonectl-bench read PATH...       reads every zone file: MB/s on one thread and on all cores
//   zonectl-bench geometry PATH...   load + geometry stage, time per step
//   zonectl-bench geojson OPTIONS PATH...
//                                    writes each city's geometry-stage output as GeoJSON
//                                    (bench/simplify-compare.sh); options: --out DIR (required),
//                                    --tolerance M, --method douglas-peucker|visvalingam,
//                                    --min-area M2, --priority a,b,... (default: config default)
//   zonectl-bench lookup STORE CITY POINTS [--answers FILE] [--seconds S]
//                                    ZoneIndex build time and lookups/s on one core (bench/lookup.sh)
//   zonectl-bench points [--jobs N] PATH...  a point layer's read, cluster and build time (bench/points.sh)
//   zonectl-bench client sync|index|load STORE CACHE [OPTIONS]
//                                    ZoneClient's sync, index memory and lookups/s (bench/client.sh)
//   zonectl-bench viewport STORE_URL WORK LAYER LON LAT
//                                    viewport cluster queries of a phone view per zoom (bench/viewport.sh)

/// Reads all texts `passes` times and returns the best wall time and the totals of one pass.
func timeReads(_ files: [(path: String, bytes: [UInt8])], jobs: Int, passes: Int = 3) -> (
    seconds: Double, features: Int, positions: Int, findings: Int
) {
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
        sums.features += c.0
        sums.positions += c.1
        sums.findings += c.2
        lock.unlock()
    }
    var value: (features: Int, positions: Int, findings: Int) {
        lock.lock()
        defer { lock.unlock() }
        return sums
    }
}

func readBenchmark(_ paths: [String]) throws {
    let files = try ZoneFiles.discover(paths)
    let texts = try files.map { path throws(SourceError) in (path, Array(try SourceText(contentsOf: path).bytes)) }
    let mb = Double(texts.reduce(0) { $0 + $1.1.count }) / 1e6
    for jobs in Set([1, defaultJobs]).sorted() {
        let r = timeReads(texts, jobs: jobs)
        print(
            String(
                format:
                    "read %d files, %.1f MB, %d features, %d positions, %d findings, %d thread%@: %.3f s, %.0f MB/s (best of 3)",
                files.count, mb, r.features, r.positions, r.findings, jobs, jobs == 1 ? "" : "s", r.seconds,
                mb / r.seconds))
    }
}

/// The build driver in memory (no output written), with its stage walls and each geometry
/// step's time summed over cities.
func geometryBenchmark(_ paths: [String]) throws {
    let outcome = try keptGeometry(paths, config: .default)
    let cities = outcome.cities
    let seconds = outcome.output?.report.stageSeconds ?? [:]
    var steps: [String: Double] = [:]
    for c in cities { steps.merge(c.timings, uniquingKeysWith: +) }
    let groups = cities.reduce(0) { $0 + $1.groups.count }
    let positionsIn = cities.reduce(0) { $0 + $1.groups.reduce(0) { $0 + $1.inputPositions } }
    let positions = cities.reduce(0) { $0 + $1.groups.reduce(0) { $0 + $1.geometry.positionCount } }
    print(
        String(
            format:
                "load (scan: read + validate) %.2f s wall; geometry %.2f s wall for %d cities, %d groups, %d -> %d positions, %d errors",
            seconds["load"] ?? 0, seconds["geometry"] ?? 0, cities.count, groups, positionsIn, positions,
            outcome.diagnostics.filter { $0.severity == .error }.count))
    print(
        "geometry steps (thread-seconds): "
            + ["read", "repair", "gaps", "overlay", "simplify", "finish", "write"].map {
                String(format: "%@ %.2f", $0, steps[$0] ?? 0)
            }.joined(separator: ", "))
}

/// `paths` built by the build driver in memory, each city's geometry kept.
func keptGeometry(_ paths: [String], config: PipelineConfig) throws -> BuildPipeline.Outcome {
    try BuildPipeline(config: config, keepsGeometry: true)
        .run(paths: paths, configBytes: [], revision: nil, previousVersion: nil)
}

/// Writes `<out>/<city>.geojson` per city with GeoJSONWriter and prints one tab-separated line
/// per city: city, groups, vertices before simplification, after simplification, written,
/// largest Hausdorff deviation (m), simplify seconds, errors.
func geoJSONExport(_ arguments: [String]) throws {
    var config = PipelineConfig.default
    var out: String?
    var paths: [String] = []
    var i = 0
    func value() throws -> String {
        i += 1
        guard i < arguments.count else { throw BenchError("missing value after \(arguments[i - 1])") }
        return arguments[i]
    }
    while i < arguments.count {
        switch arguments[i] {
        case "--out": out = try value()
        case "--tolerance":
            guard let t = Double(try value()), t >= 0 else { throw BenchError("--tolerance needs a number >= 0") }
            config.simplify.toleranceM = t
        case "--min-area":
            guard let a = Double(try value()), a >= 0 else { throw BenchError("--min-area needs a number >= 0") }
            config.simplify.minAreaM2 = a
        case "--method":
            guard let m = SimplifyConfig.Method(rawValue: try value()) else { throw BenchError("unknown --method") }
            config.simplify.method = m
        case "--priority": config.overlaps = .priority(try value().split(separator: ",").map(String.init))
        default: paths.append(arguments[i])
        }
        i += 1
    }
    guard let out, !paths.isEmpty else { throw BenchError("usage: zonectl-bench geojson --out DIR [options] PATH...") }
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    for city in try keptGeometry(paths, config: config).cities {
        let features = city.groups.map {
            OutputFeature(properties: $0.properties, geometry: $0.geometry, bbox: $0.bbox)
        }
        let bytes = GeoJSONWriter.featureCollection(features, precision: config.precision)
        let name = city.city.unicodeScalars.map {
            $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-")
                ? String($0) : "_"
        }.joined()
        try Data(bytes).write(to: URL(fileURLWithPath: "\(out)/\(name).geojson"))
        for d in city.diagnostics { FileHandle.standardError.write(Data("\(d)\n".utf8)) }
        print(
            [
                city.city, "\(city.groups.count)",
                "\(city.groups.reduce(0) { $0 + $1.verticesBeforeSimplify })",
                "\(city.groups.reduce(0) { $0 + $1.verticesAfterSimplify })",
                "\(city.groups.reduce(0) { $0 + $1.geometry.positionCount })",
                String(format: "%.3f", city.groups.map(\.hausdorffM).max() ?? 0),
                String(format: "%.3f", city.timings["simplify"] ?? 0),
                "\(city.diagnostics.filter { $0.severity == .error }.count)",
            ].joined(separator: "\t"))
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

let args = CommandLine.arguments.dropFirst()
switch args.first {
case "read"?:
    do { try readBenchmark(Array(args.dropFirst())) } catch {
        print(error)
        exit(2)
    }
case "geometry"?:
    do { try geometryBenchmark(Array(args.dropFirst())) } catch {
        print(error)
        exit(2)
    }
case "geojson"?:
    do { try geoJSONExport(Array(args.dropFirst())) } catch {
        print(error)
        exit(2)
    }
case "lookup"?:
    do { try lookupBenchmark(Array(args.dropFirst())) } catch {
        print(error)
        exit(2)
    }
case "points"?:
    do { try pointsBenchmark(Array(args.dropFirst())) } catch {
        print(error)
        exit(2)
    }
case "viewport"?:
    do { try await viewportBenchmark(Array(args.dropFirst())) } catch {
        FileHandle.standardError.write(Data("zonectl-bench: \(error)\n".utf8))
        exit(2)
    }
case "client"?:
    do { try await clientBenchmark(Array(args.dropFirst())) } catch {
        print(error)
        exit(2)
    }
case "tiles"?:
    do { try tilesBenchmark(Array(args.dropFirst())) } catch {
        print(error)
        exit(2)
    }
case "report"?:
    do { try reportBenchmark(Array(args.dropFirst())) } catch {
        print(error)
        exit(2)
    }
default:
    print("usage: zonectl-bench read|geometry|geojson|lookup|points|client|report|tiles [OPTIONS] PATH...")
    exit(64)
}
