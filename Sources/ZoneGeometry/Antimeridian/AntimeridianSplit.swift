/// The antimeridian step (docs/ARCHITECTURE.md, "One build, end to end"), run on each feature before dissolve:
/// a polygon whose exterior ring crosses ±180° — a step of more than 180° of longitude between
/// consecutive positions, once longitudes beyond ±180 (a ring drawn on past 180) are wrapped
/// back — becomes parts that each lie on one side, following the antimeridian package
/// (gadomski/antimeridian): each crossing ring cut where it meets the meridian
/// (``MeridianSegments``, ``CrossingLatitude``), the pieces joined along the meridian into rings
/// (``joinedRings(_:)``), holes that do not cross put into the part that holds them.
///
/// Polygons that only touch ±180, or lie on both sides without crossing, are left as they are
/// (a geometry with neither a crossing nor a longitude beyond ±180 is returned untouched; other
/// polygons of one that has them get longitudes wrapped into [−180, 180]). Rings are wound as
/// RFC 7946 asks before they are cut, judged by their area with longitude steps taken the short
/// way round, so a hole wound either way splits alike. Unlike the package, which then extends
/// such rings over the pole, a ring that goes round a pole is refused
/// (``AntimeridianError/enclosesPole(ring:position:crossings:net:pole:)``), and so is a
/// clockwise exterior that crosses, which reads two ways (the area it outlines, or the rest of
/// the globe round both poles: ``AntimeridianError/clockwiseCrossing(ring:position:)``,
/// ``AntimeridianError/enclosesBothPoles(ring:position:)``).
///
/// A polygon with an edge from −180 to 180 along a parallel (a band round the globe, or a cap
/// drawn to ±90) is kept as drawn: that is how RFC 7946 draws it, and it lies
/// within [−180, 180] already. Its rings must not cross ±180 otherwise
/// (``AntimeridianError/crossesInBand(ring:position:)``); see AntimeridianSplit+RoundTheGlobe.swift.
package struct AntimeridianSplit {
    package let latitude: CrossingLatitude

    package init(interpolation: AntimeridianConfig.Interpolation) {
        latitude = CrossingLatitude(interpolation: interpolation)
    }

    /// True when `g` has a longitude beyond ±180 or a ring steps more than 180° of longitude:
    /// the only geometries the step may change.
    package static func isNeeded(for g: PolygonalGeometry) -> Bool {
        for r in 0..<g.ringCount {
            var previous: Double?
            for i in g.ringRange(r) {
                let lon = g.coordinates[2 * i]
                if abs(lon) > 180 { return true }
                if let previous, abs(lon - previous) > 180 { return true }
                previous = lon
            }
        }
        return false
    }

    /// The error for a ring that goes round a pole, else nil.
    static func poleProblem(_ ring: UnwrappedRing, ring r: Int) -> AntimeridianError? {
        let turns = ring.turns
        guard turns != 0 else { return nil }
        let pieces = MeridianSegments(ring, latitude: CrossingLatitude(interpolation: .linear))
        let meanLatitude = ring.wrapped.reduce(0) { $0 + $1.lat } / Double(ring.wrapped.count)
        return .enclosesPole(
            ring: r, position: ring.source[pieces.firstCrossing ?? 0], crossings: pieces.crossings,
            net: turns, pole: meanLatitude >= 0 ? .north : .south)
    }

    /// `g` with every crossing polygon split into parts on each side of the antimeridian.
    package func callAsFunction(_ g: PolygonalGeometry) throws(AntimeridianError) -> PolygonalGeometry {
        guard Self.isNeeded(for: g) else { return g }
        var out = PolygonalGeometryBuilder()
        for p in 0..<g.polygonCount {
            let indices = g.polygonRings(p)
            let rings = indices.map { g.lonLats(ofRing: $0) }
            let band = Self.runsRoundTheGlobe(rings)
            for (k, ring) in rings.enumerated() {
                if let problem = Self.problem(ring, ring: indices.lowerBound + k, exterior: k == 0, inBand: band) {
                    throw problem
                }
            }
            if band {
                out.appendPolygon(rings)
            } else {
                for part in split(rings) { out.appendPolygon(part) }
            }
        }
        return out.build(isMulti: g.isMulti || out.polygonCount > 1)
    }

    /// The parts of one polygon (exterior ring first): the polygon itself, longitudes as seen
    /// from its side (``sideView(_:)``), when its exterior does not cross; else each side's
    /// parts with their holes.
    package func split(_ rings: [[LonLat]]) -> [[[LonLat]]] {
        let exterior = MeridianSegments(UnwrappedRing(wound(rings[0], counterClockwise: true)), latitude: latitude)
        guard exterior.isCrossing else { return [rings.map(Self.sideView)] }
        var pieces = exterior.pieces
        var holes: [[LonLat]] = []
        for hole in rings.dropFirst() {
            let cut = MeridianSegments(UnwrappedRing(wound(hole, counterClockwise: false)), latitude: latitude)
            if cut.isCrossing { pieces += cut.pieces } else { holes.append(Self.sideView(hole)) }
        }
        var parts = joinedRings(pieces).filter { twiceUnwrappedArea($0) != 0 }.map { [$0] }
        guard !parts.isEmpty else { return [] }
        for hole in holes {
            // A hole no part holds came from invalid input; part 0 takes it and make-valid,
            // which the build runs on invalid features, sorts it out.
            parts[holdingExterior(of: hole, among: parts.map { $0[0] }) ?? 0].append(hole)
        }
        return parts
    }

    /// A ring that does not cross, every position kept, longitudes in [−180, 180] as seen from
    /// the side it lies on: beyond ±180 wrapped round, and on the meridian 180 or −180 by side.
    static func sideView(_ ring: [LonLat]) -> [LonLat] {
        let unwrapped = UnwrappedRing(ring, removingDuplicates: false)
        let k = unwrapped.sideSheet
        return ring.indices.map { unwrapped.position($0, inSheet: k) }
    }

    /// The ring wound counter-clockwise (or clockwise) by its unwrapped area.
    func wound(_ ring: [LonLat], counterClockwise: Bool) -> [LonLat] {
        let area = twiceUnwrappedArea(ring)
        return area != 0 && (area > 0) != counterClockwise ? ring.reversed() : ring
    }
}

/// Twice the signed shoelace area of a ring (closed or not) with each longitude step taken the
/// short way round (``unwrappedStep(_:_:)``), so a ring drawn across ±180° measures as it looks
/// on the globe. Positive when counter-clockwise.
func twiceUnwrappedArea(_ ring: [LonLat]) -> Double {
    guard ring.count >= 3 else { return 0 }
    var x = 0.0
    var previous = (x: 0.0, y: 0.0)
    var sum = 0.0
    for i in ring.indices.dropFirst() {
        x += unwrappedStep(ring[i - 1].lon, ring[i].lon)
        let current = (x: x, y: ring[i].lat - ring[0].lat)
        sum += previous.x * current.y - current.x * previous.y
        previous = current
    }
    return sum
}
