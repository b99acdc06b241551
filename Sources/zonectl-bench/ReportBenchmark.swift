import Dispatch
import Foundation
import ZonePipeline

/// `zonectl-bench report REPORT.json [ROUNDS]`: decodes a build's report.json, then writes it
/// again (``BuildReport/jsonBytes()``) ROUNDS times (default 20); prints the fastest round and
/// checks the bytes equal the file's.
func reportBenchmark(_ args: [String]) throws {
    guard let path = args.first else { throw BenchError("usage: zonectl-bench report REPORT.json [ROUNDS]") }
    let rounds = args.count > 1 ? Int(args[1]) ?? 20 : 20
    guard let data = FileManager.default.contents(atPath: path) else { throw BenchError("cannot read \(path)") }
    let report = try JSONDecoder().decode(BuildReport.self, from: data)
    var best = Double.infinity
    var bytes: [UInt8] = []
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        bytes = try report.jsonBytes()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    print("report.json: \(bytes.count) bytes, \(report.gaps.count) gaps, fastest of \(rounds): \(best) ms")
    if bytes != [UInt8](data) { print("note: the bytes differ from the file's (its timings are rewritten as read)") }
}
