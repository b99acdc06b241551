/// Why a zone cannot be split at the antimeridian. `ring` is the ring's index in the geometry
/// (0-based); `position` the index, within the ring, of the position the problem is found at.
public enum AntimeridianError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The ring crosses ±180° `crossings` times, going round a pole: a zone that encloses a
    /// pole has no split into parts on each side. `position` ends the first crossing edge.
    case enclosesPole(ring: Int, position: Int, crossings: Int, net: Int, pole: Pole)

    /// The exterior ring goes round the globe (its longitudes, unwrapped, span 360° or more:
    /// it crosses ±180° eastward and back westward) wound clockwise. By RFC 7946's right-hand
    /// rule its area holds both polar caps; rewound, as other clockwise rings are, it would be
    /// the band between them instead. `position` ends the first crossing edge.
    case enclosesBothPoles(ring: Int, position: Int)

    /// The exterior ring crosses ±180° (an even number of times, not round the globe) wound
    /// clockwise. Rewound, as other clockwise rings are, it is the area it outlines; as wound,
    /// by RFC 7946's right-hand rule (the antimeridian package with `fix_winding=False`), it is
    /// the rest of the globe, round both poles. `position` ends the first crossing edge.
    case clockwiseCrossing(ring: Int, position: Int)

    /// The ring crosses ±180° (or goes beyond it) in a polygon that runs round the globe: one
    /// of its rings has an edge from −180 to 180 along a parallel, which is read as drawn (a
    /// band), so its other rings cannot be split. `position` is where this ring crosses.
    case crossesInBand(ring: Int, position: Int)

    /// The ring has area as drawn but none once its steps of more than 180° are taken the short
    /// way round, as crossings of ±180 (a band drawn from 0 to 360: its step of 360° is no edge).
    /// `position` is where it first crosses.
    case noAreaOnTheGlobe(ring: Int, position: Int)

    /// Which pole a ring goes round, judged by the sign of its mean latitude.
    public enum Pole: String, Sendable {
        case north, south
    }

    /// The ring and position the problem is at.
    public var location: (ring: Int, position: Int) {
        switch self {
        case .enclosesPole(let ring, let position, _, _, _), .enclosesBothPoles(let ring, let position),
            .clockwiseCrossing(let ring, let position),
            .crossesInBand(let ring, let position),
            .noAreaOnTheGlobe(let ring, let position):
            return (ring, position)
        }
    }

    public var description: String {
        let offPoles = "a zone that encloses a pole cannot be split into parts on each side of ±180°"
        switch self {
        case .enclosesPole(_, _, let crossings, let net, let pole):
            let count =
                crossings % 2 == 1
                ? "an odd number of times (\(crossings))"
                : "\(crossings) times, \(abs(net)) more in one direction than the other,"
            return
                "ring crosses the antimeridian \(count) and so goes round the \(pole) pole; \(offPoles) — draw it as parts that stay off the pole"
        case .enclosesBothPoles:
            return
                "ring goes round the globe clockwise (it crosses the antimeridian eastward and back westward): by RFC 7946's "
                + "right-hand rule its area holds both poles, and rewound it would be the band between them instead; \(offPoles) "
                + "— wind a band counter-clockwise, or draw polar zones as parts that stay off the poles"
        case .clockwiseCrossing:
            return
                "exterior ring crosses the antimeridian wound clockwise, which reads two ways: rewound, as other clockwise rings "
                + "are, it is the area it outlines; as wound, by RFC 7946's right-hand rule (the antimeridian package "
                + "with fix_winding=False), it is the rest of the globe, round both poles; wind it counter-clockwise for the area it outlines"
        case .crossesInBand:
            return
                "this ring crosses the antimeridian in a polygon that runs round the globe (an edge from −180 to 180 along one latitude, "
                + "read as drawn: a band from −180 to 180); draw the band and its holes within [−180, 180], touching ±180 only where the band does"
        case .noAreaOnTheGlobe:
            return
                "ring has no area once it is split at the antimeridian: a step of more than 180° of longitude is taken the short way "
                + "round, and a step of 360° is no edge at all; draw a band round the globe from −180 to 180"
        }
    }
}
