/// The geometry stage over all cities, in parallel: one GEOS context per worker thread, cities
/// taken in key order, results in key order whatever the number of threads.
public enum GeometryStage {
    /// Runs the geometry pipeline of `cities` (groups of `features`) on `jobs` threads.
    public static func run(cities: [CityGroups], features: [Feature], config: PipelineConfig, jobs: Int = defaultJobs)
        -> [CityResult]
    {
        // Largest cities first (by input positions), so both workers finish together.
        let weights = cities.map { c in
            c.groups.reduce(0) { $0 + $1.members.reduce(0) { $0 + (features[$1].geometry?.positionCount ?? 0) } }
        }
        return parallelMapWithGEOS(count: cities.count, jobs: jobs, weights: weights) { context, i in
            process(cities[i], features: features, config: config, context: context)
        }
    }

    /// One city's geometry pipeline; what stops it becomes an error diagnostic of the city.
    static func process(_ city: CityGroups, features: [Feature], config: PipelineConfig, context: GEOSContext?)
        -> CityResult
    {
        do {
            guard let context else { throw GEOSError.contextUnavailable }
            return try CityGeometry(context: context, config: config).process(city, features: features)
        } catch let error as FeatureGeometryError {
            return CityResult(
                city: city.city, groups: [], contested: [],
                diagnostics: [.error(error.location, "city \(jsonQuoted(city.city)): \(error.message)")], timings: [:])
        } catch {
            let at =
                city.groups.first.map { features[$0.members[0]].location }
                ?? SourceLocation(file: "", line: 1, column: 1)
            return CityResult(
                city: city.city, groups: [], contested: [],
                diagnostics: [.error(at, "city \(jsonQuoted(city.city)): geometry failed: \(error)")], timings: [:])
        }
    }
}

/// A feature's geometry the stage cannot process (a zone round a pole), with where it starts.
struct FeatureGeometryError: Error {
    var location: SourceLocation
    var message: String
}
