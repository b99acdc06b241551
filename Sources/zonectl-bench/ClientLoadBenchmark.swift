import Foundation
import ZoneClient

/// `zonectl-bench client load`: every city's index through one client with the budget asked
/// for, the peak RSS it took; then, with --points, lookups per second over every city (see
/// ``clientBenchmark(_:)``).
func clientLoadBenchmark(_ options: ClientBenchOptions) async throws {
    let cities = try BenchCity.all(in: options.cache)
    let perCity = options.points ?? 0
    guard perCity == 0 || options.budget == Int.max else {
        throw BenchError("--points with load needs --budget unlimited (the lookups hold every index)")
    }
    let client = options.client()
    _ = try await client.manifest()

    let baseline = ProcessMemory.resident
    ProcessMemory.resetPeak()
    let start = DispatchTime.now().uptimeNanoseconds
    var memoryBytes = 0
    for city in cities { memoryBytes += try await client.index(city: city.id).memoryBytes }
    let seconds = secondsSince(start)
    let (resident, peak, held) = (ProcessMemory.resident, ProcessMemory.peak, await client.indexBytes)

    var fields: [String: Any] = [
        "cities": cities.count, "vertices": cities.reduce(0) { $0 + $1.vertices }, "budget": options.budget,
        "seconds": seconds, "memory_bytes": memoryBytes, "held_bytes": held, "baseline_rss": baseline,
        "rss_growth": resident - baseline, "peak_growth": peak - baseline,
    ]
    if perCity > 0 {
        let points = cities.indices.map {
            LookupPoints(in: cities[$0].bbox, count: perCity, seed: options.seed &+ UInt64($0))
        }
        var indexes: [ZoneIndex] = []
        for city in cities { indexes.append(try await client.index(city: city.id)) }
        let pass = { zip(indexes, points).reduce(0) { $0 + $1.1.stylePass($1.0) } }
        let best = bestTimes(seconds: options.seconds, [pass])[0]
        fields["points"] = perCity * cities.count
        fields["found"] = best.found
        fields["style_per_s"] = Double(perCity * cities.count) / best.seconds
    }
    try printJSONLine(fields)
}
