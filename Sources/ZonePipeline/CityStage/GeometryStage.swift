import ZoneFormats
import ZoneGeometry
import ZoneSupport

/// The geometry stage of one city, as the build's workers run it (`Build/CityBuilder.swift`):
/// a GEOS context per worker, never shared.
enum GeometryStage {
    /// One city's geometry pipeline; what stops it becomes an error diagnostic of the city.
    static func process(
        _ city: CityGroups, features: [Feature], config: PipelineConfig, context: GEOSContext?,
        cores: IdleCores = .none
    ) -> CityResult {
        do {
            guard let context else { throw GEOSError.contextUnavailable }
            return try CityGeometry(context: context, config: config, cores: cores).process(city, features: features)
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
