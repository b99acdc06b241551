import ZoneFormats

/// The point index of one (layer, city): every input point's id and position at the output
/// precision, so `zonectl diff` can tell points added, removed and moved (the published files
/// hold clusters, and single points only where unclustered). Clients may ignore it.
///
/// The file is one JSON array with a line per point, in the build's point order (position,
/// then id): `["p00000665",12.481021,55.628864]`, or `[null,12.4,55.6]` for a point without an
/// id (matched by position alone). It is gzip'd and named by the SHA-256 of these bytes,
/// `points/<layer>/<city>/index/<sha256>.json.gz`, and listed as `index` in the manifest.
package enum PointIndex {
    /// One point of an index.
    package struct Entry: Sendable, Equatable {
        /// nil for a point without an id.
        package var id: String?
        package var longitude: Double
        package var latitude: Double

        package init(id: String?, longitude: Double, latitude: Double) {
            self.id = id
            self.longitude = longitude
            self.latitude = latitude
        }
    }

    /// The index bytes of `points`.
    package static func bytes(_ points: PointSet, format: FixedPointFormat) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(32 * points.count + 4)
        out.append(UInt8(ascii: "["))
        for i in 0..<points.count {
            out.append(contentsOf: i == 0 ? Self.first : Self.separator)
            let id = points.ids[i]
            if id.isEmpty {
                out.append(contentsOf: "null".utf8)
            } else {
                JSONValue.string(id).appendJSON(to: &out)
            }
            out.append(UInt8(ascii: ","))
            format.append(points.longitude[i], to: &out)
            out.append(UInt8(ascii: ","))
            format.append(points.latitude[i], to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(contentsOf: "\n]\n".utf8)
        return out
    }

    private static let first: [UInt8] = Array("\n[".utf8)
    private static let separator: [UInt8] = Array(",\n[".utf8)
}
