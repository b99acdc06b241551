/// A ring's pieces on each side of the antimeridian: maximal runs of edges in one sheet (see
/// ``UnwrappedRing``), longitudes as seen from that sheet, so each piece starts and ends on the
/// meridian (at 180 on its eastern edge, −180 on its western one). The antimeridian package's
/// `segment`, made exact about positions on the meridian:
///
/// * an edge that crosses is cut where it meets the meridian (``CrossingLatitude``), the point
///   ending one piece at 180 or −180 and starting the next on the other side;
/// * an edge that ends or starts on the meridian belongs to the side its other end is on, so a
///   ring that only touches the meridian is not cut;
/// * an edge that runs along the meridian belongs to the side a counter-clockwise ring has on
///   its left there: the western side when it heads north, the eastern one when it heads south.
///   (The package keeps such an edge on the side of the position before it, which can leave a
///   zero-width spike along the meridian.)
///
/// The piece the ring starts in is joined to the one it ends in. Nil when the ring stays on one
/// side: then `single` gives it as seen from that side.
struct MeridianSegments {
    package var pieces: [[LonLat]] = []
    /// Per piece, the sheet it lies in.
    var sheets: [Int] = []
    /// Times the ring passes from one sheet to another, from its first position to its last.
    var crossings = 0
    /// The position (an index into `ring.wrapped`) at which the ring first changes sheet.
    var firstCrossing: Int?

    init(_ ring: UnwrappedRing, latitude: CrossingLatitude) {
        for i in ring.wrapped.indices.dropFirst() {
            let a = i - 1
            let b = i
            let onA = ring.isOnMeridian(a)
            let onB = ring.isOnMeridian(b)
            if onA && onB {
                let west = ring.westSheet(a)
                add(ring.wrapped[b].lat > ring.wrapped[a].lat ? west : west + 1, a, b, ring, at: b)
            } else if onA {
                add(ring.sheet[b], a, b, ring, at: a)
            } else if onB {
                add(ring.sheet[a], a, b, ring, at: b)
            } else if ring.sheet[a] == ring.sheet[b] {
                add(ring.sheet[a], a, b, ring, at: b)
            } else {
                let ka = ring.sheet[a]
                let kb = ring.sheet[b]
                let eastward = kb > ka
                let (east, west) = eastward ? (ring.wrapped[a], ring.wrapped[b]) : (ring.wrapped[b], ring.wrapped[a])
                let lat = latitude(east: east, west: west)
                let leave = LonLat(eastward ? 180 : -180, lat)
                let enter = LonLat(eastward ? -180 : 180, lat)
                extend(ka, from: ring.position(a, inSheet: ka), to: leave, at: b)
                extend(kb, from: enter, to: ring.position(b, inSheet: kb), at: b)
            }
        }
        guard pieces.count > 1 else { return }
        if sheets[0] == sheets[sheets.count - 1] {
            pieces[0] = pieces.removeLast() + pieces[0].dropFirst()
            sheets.removeLast()
        }
    }

    /// True when the ring crosses: more than one piece.
    var isCrossing: Bool { pieces.count > 1 }

    private mutating func add(_ k: Int, _ a: Int, _ b: Int, _ ring: UnwrappedRing, at vertex: Int) {
        extend(k, from: ring.position(a, inSheet: k), to: ring.position(b, inSheet: k), at: vertex)
    }

    /// Appends the edge from–to, in sheet k, to the current piece or starts a new one.
    private mutating func extend(_ k: Int, from: LonLat, to: LonLat, at vertex: Int) {
        if let last = sheets.last, last == k {
            pieces[pieces.count - 1].append(to)
            return
        }
        if !sheets.isEmpty {
            crossings += 1
            if firstCrossing == nil { firstCrossing = vertex }
        }
        pieces.append([from, to])
        sheets.append(k)
    }
}
