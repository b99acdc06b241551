// Rings that go round the whole globe: a band from −180 to 180 drawn with edges 360° long
// (built as drawn), and rings that cross ±180° eastward and back westward (split, unless wound
// so that they hold both poles).

extension AntimeridianSplit {
    /// True when a → b runs once round the globe along a parallel: from −180 to 180 (or back)
    /// at one latitude. On the globe its ends are one point, so taken the short way round it
    /// would be no edge at all; drawn straight in longitude/latitude, as RFC 7946 §3.1.1 draws
    /// every line, it is the whole parallel. (A step of 360° beyond ±180, as from 360 back to
    /// 0, is the jump back of a ring drawn on past 180, as before.)
    static func isRoundTheGlobe(_ a: LonLat, _ b: LonLat) -> Bool {
        abs(a.lon) == 180 && b.lon == -a.lon && a.lat == b.lat
    }

    /// True when a ring of the polygon has an edge round the globe: the polygon is a band (or a
    /// cap drawn to ±90), read as drawn, not split.
    package static func runsRoundTheGlobe(_ rings: [[LonLat]]) -> Bool {
        rings.contains { ring in ring.indices.dropFirst().contains { isRoundTheGlobe(ring[$0 - 1], ring[$0]) } }
    }

    /// The first position at which `ring` crosses ±180° other than round the globe: one beyond
    /// ±180, or one that ends a step of more than 180°. Nil when there is none.
    static func crossing(in ring: [LonLat]) -> Int? {
        ring.indices.first { i in
            abs(ring[i].lon) > 180
                || (i > 0 && abs(ring[i].lon - ring[i - 1].lon) > 180 && !isRoundTheGlobe(ring[i - 1], ring[i]))
        }
    }

    /// Why ring `r` of a geometry (the exterior of its polygon or not; `inBand`: the polygon
    /// runs round the globe) has no split at the antimeridian, or nil.
    package static func problem(_ ring: [LonLat], ring r: Int, exterior: Bool, inBand: Bool) -> AntimeridianError? {
        if inBand { return crossing(in: ring).map { .crossesInBand(ring: r, position: $0) } }
        let unwrapped = UnwrappedRing(ring)
        if let problem = poleProblem(unwrapped, ring: r) { return problem }
        if exterior, let problem = bothPolesProblem(unwrapped, ring: r) { return problem }
        // Area as drawn, none on the globe: a band drawn with a step of 360° beyond ±180.
        if twiceUnwrappedArea(ring) == 0, twicePlanarArea(ring) != 0, let at = crossing(in: ring) {
            return .noAreaOnTheGlobe(ring: r, position: at)
        }
        return nil
    }

    /// Twice the signed shoelace area of a closed ring as drawn.
    static func twicePlanarArea(_ ring: [LonLat]) -> Double {
        ring.indices.dropFirst().reduce(0) { $0 + ring[$1 - 1].lon * ring[$1].lat - ring[$1].lon * ring[$1 - 1].lat }
    }

    /// The error for an exterior ring that crosses ±180° and comes back to its own sheet wound
    /// clockwise, else nil: ``AntimeridianError/enclosesBothPoles(ring:position:)`` when it goes
    /// round the globe (unwrapped, its longitudes span 360° or more), else
    /// ``AntimeridianError/clockwiseCrossing(ring:position:)``.
    ///
    /// Wound counter-clockwise such a ring is the area it outlines (round the globe, a band whose
    /// seam, where it turns back, is off ±180), split at the meridian like any other. Wound
    /// clockwise it reads two ways: rewound, as rings that do not cross are, the area it outlines;
    /// as wound (RFC 7946's right-hand rule, the antimeridian package's reading), the rest of the
    /// globe, round both poles. Neither is safe to pick, so it is refused.
    static func bothPolesProblem(_ ring: UnwrappedRing, ring r: Int) -> AntimeridianError? {
        guard ring.turns == 0, let first = ring.wrapped.first else { return nil }
        guard twiceUnwrappedArea(ring.wrapped) < 0 else { return nil }
        let pieces = MeridianSegments(ring, latitude: CrossingLatitude(interpolation: .linear))
        guard let crossing = pieces.firstCrossing else { return nil }
        var low = first.lon
        var high = first.lon
        for i in ring.wrapped.indices {
            let u = ring.wrapped[i].lon + 360 * Double(ring.sheet[i])
            low = min(low, u)
            high = max(high, u)
        }
        let position = ring.source[crossing]
        return high - low >= 360
            ? .enclosesBothPoles(ring: r, position: position) : .clockwiseCrossing(ring: r, position: position)
    }
}
