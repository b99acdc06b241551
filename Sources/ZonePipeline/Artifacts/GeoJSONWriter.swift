import ZoneFormats
import ZoneGeometry

/// Writes artifact GeoJSON: compact, deterministic bytes of a FeatureCollection.
///
/// Layout (RFC 7946; no whitespace, members always in this order):
///
///     {"type":"FeatureCollection","bbox":[w,s,e,n],"features":[
///       {"type":"Feature","bbox":[w,s,e,n],"properties":{…},
///        "geometry":{"type":"MultiPolygon","coordinates":[[[[x,y],…]]]}},…]}
///
/// Coordinates and bbox values are printed on the grid of 10^-precision with no trailing zeros
/// and never an exponent (see ``FixedPointFormat``); the same input always gives the same bytes.
public enum GeoJSONWriter {
    /// The FeatureCollection of `features` as UTF-8 bytes, coordinates with at most `precision`
    /// decimals (clamped to 0...15).
    ///
    /// The collection's `bbox` is the smallest box holding the features' boxes, with west > east
    /// when it runs through 180° (RFC 7946 §5.2, ``BoundingBox/covering(_:)``). A collection
    /// without features has no `bbox` member, as there is no box to write. Geometries are always written as MultiPolygons (RFC 7946 §3.1.7).
    public static func featureCollection(_ features: [OutputFeature], precision: Int) -> [UInt8] {
        let format = FixedPointFormat(precision: precision)
        var out: [UInt8] = []
        out.reserveCapacity(estimatedSize(features, precision: format.precision))
        out.append(contentsOf: #"{"type":"FeatureCollection","#.utf8)
        if let box = union(features.lazy.map(\.bbox)) {
            appendBBox(box, format: format, to: &out)
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: #""features":["#.utf8)
        for (i, feature) in features.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            appendFeature(feature, format: format, to: &out)
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }

    /// Appends one Feature object.
    static func appendFeature(_ feature: OutputFeature, format: FixedPointFormat, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"type":"Feature","#.utf8)
        appendBBox(feature.bbox, format: format, to: &out)
        out.append(contentsOf: #","properties":"#.utf8)
        feature.properties.appendJSON(to: &out)
        out.append(contentsOf: #","geometry":{"type":"MultiPolygon","coordinates":"#.utf8)
        appendMultiPolygonCoordinates(feature.geometry, format: format, to: &out)
        out.append(contentsOf: "}}".utf8)
    }

    /// Appends `"bbox":[w,s,e,n]`.
    static func appendBBox(_ box: BoundingBox, format: FixedPointFormat, to out: inout [UInt8]) {
        out.append(contentsOf: #""bbox":["#.utf8)
        format.append(box.west, to: &out)
        out.append(UInt8(ascii: ","))
        format.append(box.south, to: &out)
        out.append(UInt8(ascii: ","))
        format.append(box.east, to: &out)
        out.append(UInt8(ascii: ","))
        format.append(box.north, to: &out)
        out.append(UInt8(ascii: "]"))
    }

    /// The smallest box holding all `boxes` (nil when there are none), across the antimeridian
    /// where that is shorter.
    static func union(_ boxes: some Sequence<BoundingBox>) -> BoundingBox? {
        BoundingBox.covering(boxes)
    }

    /// A capacity that usually holds the whole output, so the buffer grows at most once.
    static func estimatedSize(_ features: [OutputFeature], precision: Int) -> Int {
        // Per position "[-xxx.ffffff,-yy.ffffff]," ; per feature its boilerplate, bbox and a
        // guess at the properties.
        let perPosition = 2 * (precision + 6) + 4
        let perFeature = 160 + 4 * (precision + 6) + 64 * 2
        var size = 128 + 4 * (precision + 6)
        for feature in features {
            size +=
                perFeature + perPosition * feature.geometry.positionCount
                + 4 * feature.geometry.ringCount + feature.properties.members.count * 32
        }
        return size
    }
}
