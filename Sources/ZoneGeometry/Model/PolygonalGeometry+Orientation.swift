extension PolygonalGeometry {
    /// Rewinds rings as RFC 7946 §3.1.6 asks: exteriors counter-clockwise, holes clockwise.
    public mutating func orientForRFC7946() {
        for p in 0..<polygonCount {
            let rings = polygonRings(p)
            for r in rings {
                let area = ringSignedArea(self, ring: r)
                let exterior = r == rings.lowerBound
                if area != 0, (area > 0) != exterior { reverseRing(r) }
            }
        }
    }
}
