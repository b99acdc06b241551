import ZoneClient

/// Small artifacts written by hand for the index tests.
enum ArtifactFixtures {
    /// A FeatureCollection of `(style, polygons)`, each polygon a list of rings of (x, y).
    static func collection(_ zones: [(style: String?, polygons: [[[(Double, Double)]]])]) -> [UInt8] {
        let features = zones.map { zone -> String in
            let coordinates = zone.polygons.map { polygon in
                "["
                    + polygon.map { ring in "[" + ring.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]" }
                    .joined(separator: ",") + "]"
            }.joined(separator: ",")
            let properties = zone.style.map { #"{"style":"\#($0)"}"# } ?? "{}"
            return
                #"{"type":"Feature","properties":\#(properties),"geometry":{"type":"MultiPolygon","coordinates":[\#(coordinates)]}}"#
        }
        return Array(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8)
    }

    /// A closed axis-aligned rectangle ring, counter-clockwise.
    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(Double, Double)] {
        [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    }

    /// `parking`: the square [0, 2]² with the hole [0.5, 1]²; `noparking`: [2, 4] × [0, 2], sharing
    /// the border x = 2 with parking.
    static var neighbours: [UInt8] {
        collection([
            ("parking", [[box(0, 0, 2, 2), box(0.5, 0.5, 1, 1).reversed()]]),
            ("noparking", [[box(2, 0, 4, 2)]]),
        ])
    }
}
