import ZoneFormats
import ZoneGeometry

/// RFC 7946 structure of one feature's polygons: ring length and closure (§3.1.6), coordinate
/// ranges (§4, WGS 84) and winding (§3.1.6, a warning: the build rewinds rings).
struct StructureRules {
    let text: SourceText

    /// Findings for `feature`; `isSound` is false when GEOS cannot be given the geometry.
    func check(_ feature: Feature) -> (diagnostics: [Diagnostic], isSound: Bool) {
        guard let g = feature.geometry else { return ([], false) }
        var out: [Diagnostic] = []
        var sound = true
        if g.polygonCount == 0 {
            out.append(.warning(feature.location, "geometry is empty; the feature adds nothing"))
            return (out, false)
        }
        var wrongWinding: (ring: Int, count: Int, exterior: Bool)?
        let mayCross = AntimeridianSplit.isNeeded(for: g)
        for p in 0..<g.polygonCount {
            let rings = g.polygonRings(p)
            let lonLats = mayCross ? rings.map { g.lonLats(ofRing: $0) } : []
            let band = mayCross && AntimeridianSplit.runsRoundTheGlobe(lonLats)
            if rings.isEmpty {
                out.append(.error(feature.location, "polygon \(p + 1) has no rings"))
                sound = false
            }
            for r in rings {
                let ok = checkRing(g, r, feature, &out)
                sound = sound && ok
                guard ok else { continue }
                if mayCross,
                    let problem = AntimeridianSplit.problem(
                        lonLats[r - rings.lowerBound], ring: r,
                        exterior: r == rings.lowerBound, inBand: band)
                {
                    out.append(.error(at(feature, ring: r, position: problem.location.position), "\(problem)"))
                    sound = false
                    continue
                }
                // Signed area with longitude steps taken the short way round (but edges round the
                // globe as drawn): a ring drawn across the antimeridian is judged as it lies on the globe.
                let area = ringSignedArea(g, ring: r)
                let exterior = r == rings.lowerBound
                if area != 0, (area > 0) != exterior {
                    wrongWinding = wrongWinding.map { ($0.ring, $0.count + 1, $0.exterior) } ?? (r, 1, exterior)
                }
            }
        }
        if let w = wrongWinding {
            let message =
                w.count > 1
                ? Self.windingMessage(w.exterior) + " (\(w.count) rings of this feature are wound the wrong way)"
                : w.exterior ? Self.clockwiseExterior : Self.counterClockwiseHole
            out.append(.warning(at(feature, ring: w.ring), message))
        }
        return (out, sound)
    }

    /// The common winding warnings, made once: editors wind at random, so a large corpus has
    /// one on every other feature (tens of megabytes as separate strings).
    static let clockwiseExterior = windingMessage(true)
    static let counterClockwiseHole = windingMessage(false)

    static func windingMessage(_ exterior: Bool) -> String {
        (exterior ? "exterior ring is clockwise" : "hole is counter-clockwise")
            + "; RFC 7946 §3.1.6 wants exteriors counter-clockwise and holes clockwise, the build rewinds it"
    }

    /// Length, closure and coordinate range of ring r; false when the ring is unusable.
    private func checkRing(_ g: PolygonalGeometry, _ r: Int, _ f: Feature, _ out: inout [Diagnostic]) -> Bool {
        let range = g.ringRange(r)
        let n = range.count
        if n < 4 {
            out.append(
                .error(
                    at(f, ring: r),
                    "linear ring has \(n) position\(n == 1 ? "" : "s"); at least 4 are required (RFC 7946 §3.1.6)"))
            return false
        }
        var ok = true
        let first = g.position(range.lowerBound)
        let last = g.position(range.upperBound - 1)
        if first != last {
            out.append(
                .error(
                    at(f, ring: r, position: n - 1),
                    "linear ring is not closed: last position \(format(last)) differs from the first \(format(first))"))
            ok = false
        }
        var badLatitude: (index: Int, value: Double, count: Int)?
        var badLongitude: (index: Int, value: Double, count: Int)?
        var farLongitude: (index: Int, value: Double, count: Int)?
        for i in range {
            let (x, y) = g.position(i)
            if !(-90...90).contains(y) {
                badLatitude = badLatitude.map { ($0.index, $0.value, $0.count + 1) } ?? (i - range.lowerBound, y, 1)
            }
            if !(-180...180).contains(x) {
                // Past ±360 no ring drawn on past the meridian reaches: a mistyped value (1342 for 13.42).
                if !(-360...360).contains(x) {
                    farLongitude =
                        farLongitude.map { ($0.index, $0.value, $0.count + 1) } ?? (i - range.lowerBound, x, 1)
                } else {
                    badLongitude =
                        badLongitude.map { ($0.index, $0.value, $0.count + 1) } ?? (i - range.lowerBound, x, 1)
                }
            }
        }
        if let b = badLatitude {
            out.append(
                .error(
                    at(f, ring: r, position: b.index),
                    "latitude \(messageNumber(b.value)) is outside [-90, 90]\(more(b.count))"))
            ok = false
        }
        if let b = farLongitude {
            out.append(
                .error(
                    at(f, ring: r, position: b.index),
                    "longitude \(messageNumber(b.value)) is outside [-360, 360]\(more(b.count)); a ring drawn on past ±180 stays within ±360, so this looks mistyped"
                ))
            ok = false
        }
        if let b = badLongitude {
            out.append(
                .warning(
                    at(f, ring: r, position: b.index),
                    "longitude \(messageNumber(b.value)) is outside [-180, 180]\(more(b.count)); the ring is taken to cross the antimeridian"
                ))
        }
        return ok
    }

    private func more(_ count: Int) -> String {
        count > 1 ? " (and \(count - 1) more position\(count == 2 ? "" : "s") of this ring)" : ""
    }

    /// Where ring r (or one of its positions) starts in the source.
    func at(_ f: Feature, ring r: Int, position i: Int? = nil) -> SourceLocation {
        guard r < f.ringOffsets.count else { return f.location }
        let offset = i.map { text.offsetOfPosition($0, inRingAt: f.ringOffsets[r]) } ?? f.ringOffsets[r]
        return text.location(ofByte: offset)
    }
}

/// "[x, y]" as in the source, for messages.
func format(_ p: (x: Double, y: Double)) -> String { "[\(messageNumber(p.x)), \(messageNumber(p.y))]" }

/// A coordinate as messages show it: rounded to 15 significant digits (what a double holds of a
/// decimal), in the shortest form that reads back, so a computed 13.405000000000001 reads 13.405.
func messageNumber(_ v: Double) -> String {
    guard v.isFinite else { return "\(v)" }
    return "\(Double(String(format: "%.15g", v)) ?? v)"
}
