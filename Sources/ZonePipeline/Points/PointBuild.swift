import ZoneFormats
import ZoneGeometry
import ZonePoints
import ZoneSupport

/// The point layers of one build: read and check every layer's files, then cluster and write
/// each (layer, city) in parallel. The output does not depend on file order or `jobs`.
struct PointBuild {
    let config: PipelineConfig
    let jobs: Int

    struct Output {
        var diagnostics: [Diagnostic] = []
        var files: [ArtifactFile] = []
        var layers: [Manifest.PointLayerEntry] = []
        var report: [PointReport] = []
        /// The build cache entries used (kept when the cache is pruned).
        var cacheKeys: Set<String> = []
    }

    /// The points of every layer per city, sorted, and the findings of the files.
    func read() throws -> (cities: [[(city: String, points: PointSet)]], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var cities: [[(city: String, points: PointSet)]] = []
        for layer in config.points {
            let files = try ZoneFiles.discover(layer.source)
            let results = try parallel(files.count) { i in
                Result { () throws(SourceError) in PointReader(layer: layer).read(try SourceText(contentsOf: files[i]))
                }
            }.map { try $0.get() }
            var merged: [String: PointSet] = [:]
            for result in results {
                diagnostics += result.diagnostics
                for (key, set) in result.sets {
                    guard var all = merged.removeValue(forKey: key) else {
                        merged[key] = set
                        continue
                    }
                    all.append(contentsOf: set)
                    merged[key] = all
                }
            }
            let keys = merged.keys.sorted()
            // Each set moved into its own box, so the worker that sorts it holds it once.
            let boxes = keys.map { PointSetBox(merged.removeValue(forKey: $0)!) }
            let sorted = parallel(keys.count) { i in
                let set = boxes[i].takeSorted()
                return (set, set.duplicateIDs())
            }
            cities.append(Array(zip(keys, sorted)).map { (city: $0.0, points: $0.1.0) })
            var repeated: [String: Set<String>] = [:]
            for (key, found) in zip(keys, sorted) where !found.1.isEmpty { repeated[key] = Set(found.1) }
            if !repeated.isEmpty { diagnostics += try duplicates(repeated, layer: layer, files: files) }
        }
        return (cities, diagnostics)
    }

    /// An error at each point whose id another point of its layer and city has, naming that
    /// other one's place (the first's names the second, the others the first): ids are how
    /// `diff` and clients follow a point. `repeated`: per city, the ids that repeat.
    private func duplicates(_ repeated: [String: Set<String>], layer: PointLayerConfig, files: [String]) throws
        -> [Diagnostic]
    {
        let found = try parallel(files.count) { i in
            Result { () throws(SourceError) in
                PointReader(layer: layer).locate(repeated, in: try SourceText(contentsOf: files[i]))
            }
        }.flatMap { try $0.get() }
        var places: [String: [SourceLocation]] = [:]
        var order: [String] = []
        for point in found {
            let name = "\(jsonQuoted(point.id)) in \(layer.groupBy) \(jsonQuoted(point.key))"
            if places[name] == nil { order.append(name) }
            places[name, default: []].append(point.location)
        }
        var out: [Diagnostic] = []
        for name in order {
            guard let at = places[name], at.count > 1 else { continue }
            for (i, location) in at.enumerated() {
                out.append(
                    .error(
                        location,
                        "point layer '\(layer.name)': duplicate id \(name), also at \(at[i == 0 ? 1 : 0]); ids must be unique within a layer and \(layer.groupBy)"
                    ))
            }
        }
        return out
    }

    /// Reads, checks, clusters and writes every layer; stops after reading when a file has errors.
    func run(cache: (any PointCityCache)? = nil) throws -> Output {
        let (cities, diagnostics) = try read()
        return try run(cities: cities, diagnostics: diagnostics, cache: cache)
    }

    /// Clusters and writes what ``read()`` gave.
    func run(
        cities: [[(city: String, points: PointSet)]], diagnostics: [Diagnostic], cache: (any PointCityCache)? = nil
    ) throws -> Output {
        var output = Output(diagnostics: diagnostics)
        guard !diagnostics.hasErrors else { return output }
        let tasks = cities.indices.flatMap { l in cities[l].indices.map { (layer: l, city: $0) } }
        let folders = cities.map { cityFolders($0.map(\.city)) }
        let built = parallel(tasks.count, weights: tasks.map { cities[$0.layer][$0.city].points.count }) { t in
            let (l, c) = tasks[t]
            let layer = config.points[l]
            let city = cities[l][c].city
            return Result {
                try cachedBuild(
                    layer: layer, city: city, folder: folders[l][city] ?? city, points: cities[l][c].points,
                    cache: cache)
            }
        }
        var t = 0
        for (l, layer) in config.points.enumerated() {
            var entries: [Manifest.PointCityEntry] = []
            for _ in cities[l] {
                let (city, key) = try built[t].get()
                t += 1
                if let key { output.cacheKeys.insert(key) }
                output.files += city.files
                output.report.append(city.report)
                entries.append(city.entry)
            }
            output.layers.append(
                Manifest.PointLayerEntry(
                    layer: layer.name, radius: layer.radius, extent: layer.extent, minPoints: layer.minPoints,
                    maxZoom: layer.maxZoom, bandMaxZoom: PointCityBuilder.bandMaxZoom,
                    metatileDelta: PointCityBuilder.metatileDelta, cities: entries))
        }
        return output
    }
}

extension PointBuild {
    /// A city from the cache, else built (and stored); with the cache key used.
    func cachedBuild(
        layer: PointLayerConfig, city: String, folder: String, points: PointSet, cache: (any PointCityCache)?
    ) throws -> (PointCityOutput, String?) {
        let key = cache?.pointKey(
            layer: layer, precision: config.precision, city: city, points: points)
        if let cache, let key, let hit = cache.loadPoints(key) {
            var report = hit.city.report
            report.cached = true
            let files = zip(hit.city.paths, hit.files).map { ArtifactFile(path: $0, bytes: $1, city: city) }
            return (PointCityOutput(files: files, entry: hit.city.entry, report: report), key)
        }
        let built = PointCityOutput(
            try PointCityBuilder(layer: layer, precision: config.precision, gzipLevel: layer.gzipLevel)
                .build(city: city, folder: folder, points: points), layer: layer.name, city: city, points: points.count)
        if let cache, let key {
            cache.storePoints(
                key, city: CachedPointCity(entry: built.entry, report: built.report, paths: built.files.map(\.path)),
                files: built.files.map(\.bytes))
        }
        return (built, key)
    }

    /// `body` for 0..<count on `jobs` threads, results in index order (heaviest first with `weights`).
    func parallel<R>(_ count: Int, weights: [Int]? = nil, _ body: @Sendable (Int) -> R) -> [R] {
        parallelMap(count: count, jobs: jobs, weights: weights, body)
    }
}

/// One city's points, handed to the one worker that sorts them (``PointSet/sort()`` in place).
private final class PointSetBox: @unchecked Sendable {
    private var set: PointSet?

    init(_ set: PointSet) { self.set = set }

    /// The set, sorted; the box is empty afterwards. Called once, by one thread.
    func takeSorted() -> PointSet {
        var taken = set.take()!
        taken.sort()
        return taken
    }
}
