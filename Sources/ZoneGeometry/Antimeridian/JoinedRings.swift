/// Rings from meridian pieces (the antimeridian package's `build_polygons`): a piece ending on
/// the meridian continues, along the meridian, with the nearest piece that starts at or beyond
/// its end in the direction a counter-clockwise ring runs there — north on the 180° side (the
/// eastern edge of that side's parts), south on the −180° side — or closes on itself when its
/// own start is nearer. Pieces are taken from the end of the list, as the package does.
///
/// Two departures from the package, both for rings that share a point on the meridian (an
/// exterior and a hole meeting where they cross): a piece starting exactly where another ends
/// is a candidate (the package wants it strictly beyond, and then closes the hole's piece on
/// itself as a separate polygon); and pieces lying wholly on the meridian (a ring running
/// along it, see ``MeridianSegments``) are left out, being part of the path that closes the
/// side's rings along the meridian anyway.
///
/// The rings come back unclosed, exterior rings of counter-clockwise parts when the pieces
/// were cut from rings wound as RFC 7946 asks; rings with every point equal are left out.
func joinedRings(_ input: [[LonLat]]) -> [[LonLat]] {
    var segments = input.filter { piece in piece.contains { abs($0.lon) != 180 } }
    var rings: [[LonLat]] = []
    while var segment = segments.popLast() {
        guard let end = segment.last, let start = segment.first else { continue }
        let north = end.lon == 180
        // The nearest candidate start in the walking direction; nil (self) wins ties, as the
        // package's stable sort keeps it first.
        var best: (index: Int?, lat: Double)?
        if isSelfClosing(segment) { best = (nil, start.lat) }
        for (i, s) in segments.enumerated() where s[0].lon == end.lon {
            let ahead = north ? s[0].lat >= end.lat : s[0].lat <= end.lat
            // A self-closing candidate must not end beyond where this segment started (donuts).
            let fits = !isSelfClosing(s) || (north ? s[s.count - 1].lat < start.lat : s[s.count - 1].lat > start.lat)
            guard ahead && fits else { continue }
            if let b = best, north ? s[0].lat >= b.lat : s[0].lat <= b.lat { continue }
            best = (i, s[0].lat)
        }
        if let b = best, let index = b.index {
            segment += segments.remove(at: index)
            segments.append(segment)
        } else if segment.contains(where: { $0 != start }) {
            rings.append(segment)
        }
    }
    // The package builds the remaining rings first and appends this one after them.
    return rings.reversed()
}

/// True when the piece starts and ends on the same side and closing it along the meridian
/// runs in the counter-clockwise direction (north at 180°, south at −180°).
private func isSelfClosing(_ s: [LonLat]) -> Bool {
    guard let first = s.first, let last = s.last, first.lon == last.lon else { return false }
    return last.lon == 180 ? first.lat > last.lat : first.lat < last.lat
}
