import ZoneFormats
import ZoneGeometry

extension GeoJSONWriter {
    /// Appends the `coordinates` array of a MultiPolygon (RFC 7946 §3.1.7): polygons of rings
    /// of [x, y] positions, in the order of the flat geometry.
    ///
    /// The geometry's offsets must split its buffer (see `checkStructure()`); offsets past the
    /// buffer trap on Array's bounds check rather than read outside it.
    static func appendMultiPolygonCoordinates(
        _ geometry: PolygonalGeometry, format: FixedPointFormat, to out: inout [UInt8]
    ) {
        let xy = geometry.coordinates
        var ring = 0
        var position = 0
        out.append(UInt8(ascii: "["))
        for (p, polygonEnd) in geometry.polygonEnds.enumerated() {
            if p > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            let firstRing = ring
            while ring < polygonEnd {
                if ring > firstRing { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                let ringEnd = geometry.ringEnds[ring]
                let firstPosition = position
                while position < ringEnd {
                    if position > firstPosition { out.append(UInt8(ascii: ",")) }
                    out.append(UInt8(ascii: "["))
                    format.append(xy[2 * position], to: &out)
                    out.append(UInt8(ascii: ","))
                    format.append(xy[2 * position + 1], to: &out)
                    out.append(UInt8(ascii: "]"))
                    position += 1
                }
                out.append(UInt8(ascii: "]"))
                ring += 1
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "]"))
    }
}
