import Foundation
import ZoneClient

/// `zonectl-bench client index`: one city's index through the client (build time, memory), then
/// lookups per second on it three ways, and the rate of bare actor hops (see ``clientBenchmark(_:)``).
func clientIndexBenchmark(_ options: ClientBenchOptions) async throws {
    let cities = try BenchCity.all(in: options.cache)
    let chosen = options.city.map { id in cities.first { $0.id == id } } ?? cities.max { $0.vertices < $1.vertices }
    guard let city = chosen else { throw BenchError("no city \(options.city ?? "") in the cache") }
    let client = options.client()
    _ = try await client.manifest()

    let baseline = ProcessMemory.resident
    ProcessMemory.resetPeak()
    var start = DispatchTime.now().uptimeNanoseconds
    let index = try await client.index(city: city.id)
    let build = secondsSince(start)
    let (resident, peak) = (ProcessMemory.resident, ProcessMemory.peak)
    start = DispatchTime.now().uptimeNanoseconds
    _ = try await client.index(city: city.id)
    let hit = secondsSince(start)

    let points = LookupPoints(in: city.bbox, count: options.points ?? 1_000_000, seed: options.seed)
    let rates = bestTimes(seconds: 2 * options.seconds, [{ points.zonePass(index) }, { points.stylePass(index) }])

    // The actor's lookup: one hop to the actor (and its index(city:)) per call.
    var calls = 0
    start = DispatchTime.now().uptimeNanoseconds
    let deadline = start + UInt64(options.seconds * 1e9)
    repeat {
        for _ in 0..<16 {
            let k = calls % points.count
            _ = try await client.lookup(longitude: points.xs[k], latitude: points.ys[k], city: city.id)
            calls += 1
        }
    } while DispatchTime.now().uptimeNanoseconds < deadline
    let actorSeconds = secondsSince(start)

    // A bare hop: an actor property read per call.
    var hops = 0
    start = DispatchTime.now().uptimeNanoseconds
    repeat {
        for _ in 0..<1024 where await client.indexBytes >= 0 { hops += 1 }
    } while secondsSince(start) < options.seconds / 4
    let hopSeconds = secondsSince(start)

    try printJSONLine([
        "city": city.id, "vertices": city.vertices, "zones": index.zones.count, "build_s": build, "hit_s": hit,
        "memory_bytes": index.memoryBytes, "baseline_rss": baseline, "rss_growth": resident - baseline,
        "peak_growth": peak - baseline, "points": points.count, "found": rates[1].found,
        "zone_per_s": Double(points.count) / rates[0].seconds, "style_per_s": Double(points.count) / rates[1].seconds,
        "actor_calls": calls, "actor_per_s": Double(calls) / actorSeconds,
        "hop_per_s": Double(hops) / hopSeconds,
    ])
}
