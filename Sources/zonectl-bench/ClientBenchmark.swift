import Foundation
import ZoneClient

/// `zonectl-bench client sync|index|load STORE CACHE [OPTIONS]`: ZoneClient as an app uses it.
/// STORE is an `http(s)://` URL or a directory, CACHE a directory. bench/client.sh runs each
/// step in its own process, so memory is measured from a fresh heap; each prints one line of JSON.
///
///   sync    one `sync()` of STORE into CACHE: seconds, objects and bytes fetched
///   index   `index(city:)` of the cached city with the most vertices (or --city): build time,
///           `memoryBytes`, RSS growth; lookups/s on --points positions in its box through
///           `ZoneIndex.style`, through `ZoneIndex.zone` (the loop `zonectl-bench lookup`
///           times) and through the actor's `lookup(longitude:latitude:city:)`; the rate of a
///           bare hop to the actor (an actor property read)
///   load    `index(city:)` of every cached city, the budget --budget (`unlimited`, `default` or
///           bytes): peak RSS over the baseline; with --points N (positions per city) and an
///           unlimited budget, then lookups/s through `ZoneIndex.style` over every city
///
/// Options: --city ID, --budget B, --points N (index: 1000000), --seconds S (each lookup-rate
/// measure, default 2), --seed N (default 16).
func clientBenchmark(_ args: [String]) async throws {
    let options = try ClientBenchOptions(args)
    switch options.mode {
    case "sync": try await clientSyncBenchmark(options)
    case "index": try await clientIndexBenchmark(options)
    case "load": try await clientLoadBenchmark(options)
    default: throw BenchError(ClientBenchOptions.usage)
    }
}

struct ClientBenchOptions {
    static let usage =
        "usage: zonectl-bench client sync|index|load STORE CACHE [--city ID] [--budget B] [--points N]"
        + " [--seconds S] [--seed N]"

    var mode: String
    var store: URL
    var cache: URL
    var city: String?
    var budget = ZoneClient.Configuration().indexBudgetBytes
    var points: Int?
    var seconds = 2.0
    var seed: UInt64 = 16

    init(_ args: [String]) throws {
        var positional: [String] = []
        var city: String?
        var i = 0
        func value() throws -> String {
            i += 1
            guard i < args.count else { throw BenchError("missing value after \(args[i - 1])") }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--city": city = try value()
            case "--budget":
                switch try value() {
                case "unlimited": budget = Int.max
                case "default": break
                case let text:
                    guard let bytes = Int(text), bytes >= 0 else {
                        throw BenchError("--budget: unlimited, default or bytes")
                    }
                    budget = bytes
                }
            case "--points": points = Int(try value())
            case "--seconds": seconds = Double(try value()) ?? seconds
            case "--seed": seed = UInt64(try value()) ?? seed
            default: positional.append(args[i])
            }
            i += 1
        }
        guard positional.count == 3 else { throw BenchError(Self.usage) }
        mode = positional[0]
        store = positional[1].contains("://") ? URL(string: positional[1])! : URL(fileURLWithPath: positional[1])
        cache = URL(fileURLWithPath: positional[2])
        self.city = city
    }

    /// A client of the store and cache, with the budget asked for.
    func client() -> ZoneClient {
        ZoneClient(store: store, cache: cache, configuration: .init(indexBudgetBytes: budget))
    }
}

/// A city of the cache's manifest: its id, box and vertex count (the manifest's `vertices`,
/// which ``ZoneManifest`` does not decode).
struct BenchCity {
    var id: String
    var bbox: [Double]
    var vertices: Int

    /// The cities of the manifest in `cache`, in manifest order.
    static func all(in cache: URL) throws -> [BenchCity] {
        let data = try Data(contentsOf: cache.appendingPathComponent("manifest.json"))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cities = root["cities"] as? [[String: Any]]
        else { throw BenchError("\(cache.path)/manifest.json: no cities") }
        return cities.map {
            BenchCity(
                id: $0["id"] as? String ?? "", bbox: ($0["bbox"] as? [NSNumber])?.map(\.doubleValue) ?? [],
                vertices: ($0["vertices"] as? NSNumber)?.intValue ?? 0)
        }
    }
}

/// Prints `fields` as one line of JSON, keys sorted.
func printJSONLine(_ fields: [String: Any]) throws {
    let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

/// One `sync()`: its wall time and report.
func clientSyncBenchmark(_ options: ClientBenchOptions) async throws {
    let client = options.client()
    let start = DispatchTime.now().uptimeNanoseconds
    let report = try await client.sync()
    let seconds = secondsSince(start)
    try printJSONLine([
        "seconds": seconds, "from": report.from ?? "", "to": report.to ?? "", "updated": report.updated,
        "objects": report.fetched.count, "fetched": report.fetched, "bytes": report.bytesFetched,
        "removed": report.removed.count, "repaired": report.repaired.count,
    ])
}
