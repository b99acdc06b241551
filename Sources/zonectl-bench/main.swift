import Foundation
import ZonePipeline

// Micro-benchmarks of single stages, run by bench/*.sh in release builds.
//   zonectl-bench read PATH...   reads every zone file, prints MB/s (best of 3 passes)

func readBenchmark(_ paths: [String]) throws {
    let files = try ZoneFiles.discover(paths)
    let texts = try files.map { path throws(SourceError) in try SourceText(contentsOf: path) }
    let bytes = texts.reduce(0) { $0 + $1.bytes.count }
    var best = Double.infinity
    var features = 0, positions = 0, findings = 0
    for _ in 0..<3 {
        let start = DispatchTime.now().uptimeNanoseconds
        features = 0; positions = 0; findings = 0
        for text in texts {
            let result = GeoJSONReader.read(text)
            features += result.features.count
            positions += result.features.reduce(0) { $0 + ($1.geometry?.positionCount ?? 0) }
            findings += result.diagnostics.count
        }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    let mb = Double(bytes) / 1e6
    print(String(format: "read %d files, %.1f MB, %d features, %d positions, %d findings: %.3f s, %.0f MB/s (one thread, best of 3)",
                 files.count, mb, features, positions, findings, best, mb / best))
}

let args = CommandLine.arguments.dropFirst()
switch args.first {
case "read"?:
    do { try readBenchmark(Array(args.dropFirst())) } catch { print(error); exit(2) }
case "dump"?:
    let t = try! SourceText(contentsOf: String(args.dropFirst().first!))
    for f in GeoJSONReader.read(t).features { for c in f.geometry?.coordinates ?? [] { print(c) } }
default:
    print("usage: zonectl-bench read PATH...")
    exit(64)
}
