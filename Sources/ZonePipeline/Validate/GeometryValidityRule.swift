import ZoneFormats
import ZoneGeometry

/// OGC validity of one feature's polygons through GEOS (GEOSisValidDetail): self-intersections,
/// ring self-intersections, nested shells, holes outside shells, too few distinct points.
///
/// A geometry that crosses the antimeridian is checked as the build will use it, split into
/// parts on each side (``AntimeridianSplit``): drawn across ±180°, a ring is a band round the
/// world to GEOS, not a problem in the data.
struct GeometryValidityRule {
    let text: SourceText
    /// Invalid input is an error when the build may not repair it, a warning when it will.
    let repair: Bool
    /// Where crossing edges meet the meridian (`antimeridian.interpolation`).
    var interpolation: AntimeridianConfig.Interpolation = .greatCircle

    func check(_ feature: Feature, context: GEOSContext) -> Diagnostic? {
        guard var g = feature.geometry else { return nil }
        let problem: ValidityProblem?
        do {
            problem = try validityProblem(of: validatedForm(g), context: context)
        } catch {
            return .error(feature.location, "GEOS could not read the geometry: \(error)")
        }
        guard let problem else { return nil }
        var location = feature.location
        var near = ""
        if problem.x.isFinite, problem.y.isFinite {
            near = " at or near \(format((problem.x, problem.y)))"
            // GEOS locates problems in the split form, whose longitudes are in [-180, 180].
            g.mapPositions { x, _ in x = wrappedLongitude(x) }
            if let hit = nearestPosition(in: g, x: problem.x, y: problem.y), hit.ring < feature.ringOffsets.count {
                let index = hit.index - g.ringRange(hit.ring).lowerBound
                location = text.location(ofByte: text.offsetOfPosition(index, inRingAt: feature.ringOffsets[hit.ring]))
            }
        }
        let message = "invalid geometry: \(problem.reason)\(near)"
        return repair
            ? .warning(location, message + "; the build repairs it (repair: true)")
            : .error(location, message + " (repair: false)")
    }
}

extension GeometryValidityRule {
    /// What GEOS checks: `g` split at the antimeridian when it crosses. A ring round a pole,
    /// which StructureRules reports, is checked unsplit.
    func validatedForm(_ g: PolygonalGeometry) -> PolygonalGeometry {
        (try? AntimeridianSplit(interpolation: interpolation)(g)) ?? g
    }
}
