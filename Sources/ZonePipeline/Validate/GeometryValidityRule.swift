/// OGC validity of one feature's polygons through GEOS (GEOSisValidDetail): self-intersections,
/// ring self-intersections, nested shells, holes outside shells, too few distinct points.
struct GeometryValidityRule {
    let text: SourceText
    /// Invalid input is an error when the build may not repair it, a warning when it will.
    let repair: Bool

    func check(_ feature: Feature, context: GEOSContext) -> Diagnostic? {
        guard let g = feature.geometry else { return nil }
        let problem: ValidityProblem?
        do {
            problem = try validityProblem(of: g, context: context)
        } catch {
            return .error(feature.location, "GEOS could not read the geometry: \(error)")
        }
        guard let problem else { return nil }
        var location = feature.location
        var near = ""
        if problem.x.isFinite, problem.y.isFinite {
            near = " at or near \(format((problem.x, problem.y)))"
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
