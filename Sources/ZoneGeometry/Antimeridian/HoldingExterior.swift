/// The index in `exteriors` of the ring that holds `hole`: the one with the most of the hole's
/// positions strictly inside (ties to the first). A hole of valid input lies in exactly one
/// part and may touch its border at single points, so counting beats testing one position.
/// Nil when no exterior holds any of its positions (input that was not valid).
func holdingExterior(of hole: [LonLat], among exteriors: [[LonLat]]) -> Int? {
    var best: (index: Int, inside: Int)?
    for (i, ring) in exteriors.enumerated() {
        let inside = hole.reduce(0) { $0 + (isStrictlyInside($1, ring) ? 1 : 0) }
        if inside > 0, inside > (best?.inside ?? 0) { best = (i, inside) }
    }
    return best?.index
}

/// Even–odd ray casting; positions on the ring's edges count as outside.
func isStrictlyInside(_ p: LonLat, _ ring: [LonLat]) -> Bool {
    guard ring.count >= 3 else { return false }
    var inside = false
    var j = ring.count - 1
    for i in ring.indices {
        let a = ring[j]
        let b = ring[i]
        j = i
        // On the edge a–b: collinear and within its box.
        let cross = (b.lon - a.lon) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lon - a.lon)
        if cross == 0, min(a.lon, b.lon) <= p.lon, p.lon <= max(a.lon, b.lon),
            min(a.lat, b.lat) <= p.lat, p.lat <= max(a.lat, b.lat)
        {
            return false
        }
        if (a.lat > p.lat) != (b.lat > p.lat) {
            let lon = a.lon + (p.lat - a.lat) / (b.lat - a.lat) * (b.lon - a.lon)
            if p.lon < lon { inside.toggle() }
        }
    }
    return inside
}
