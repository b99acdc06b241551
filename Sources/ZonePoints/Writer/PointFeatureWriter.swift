internal import Mercator
import ZoneFormats

/// Writes the GeoJSON Features of a zoom's items: each a Point with `z`; a cluster with the
/// names MapLibre and Mapbox cluster styles use, `expansion_zoom`, its sums and its members'
/// bbox; a single point with its `keep` properties.
package struct PointFeatureWriter {
    package let points: PointSet
    package let sumNames: [String]
    package let format: FixedPointFormat

    package init(points: PointSet, sumNames: [String], precision: Int) {
        self.points = points
        self.sumNames = sumNames
        format = FixedPointFormat(precision: precision)
    }

    /// Appends item `i` of `level` at zoom `z` as one Feature.
    package func append(_ level: PointLevel, _ i: Int, zoom z: Int, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"type":"Feature","geometry":{"type":"Point","coordinates":["#.utf8)
        let p = Int(level.point[i])
        if p >= 0 {
            format.append(points.longitude[p], to: &out)
            out.append(UInt8(ascii: ","))
            format.append(points.latitude[p], to: &out)
        } else {
            format.append(WebMercator.longitude(x: level.x[i]), to: &out)
            out.append(UInt8(ascii: ","))
            format.append(WebMercator.latitude(y: level.y[i]), to: &out)
        }
        out.append(contentsOf: #"]},"properties":{"z":"#.utf8)
        appendInteger(z, to: &out)
        if p >= 0 {
            out.append(contentsOf: points.kept(p))
        } else {
            appendCluster(level, i, to: &out)
        }
        out.append(contentsOf: "}}".utf8)
    }

    private func appendCluster(_ level: PointLevel, _ i: Int, to out: inout [UInt8]) {
        let n = level.count[i]
        out.append(contentsOf: #","cluster":true,"cluster_id":"#.utf8)
        out.append(contentsOf: String(level.clusterID(i)).utf8)
        out.append(contentsOf: #","point_count":"#.utf8)
        appendInteger(n, to: &out)
        out.append(contentsOf: #","point_count_abbreviated":"#.utf8)
        JSONValue.string(Self.abbreviated(n)).appendJSON(to: &out)
        out.append(contentsOf: #","expansion_zoom":"#.utf8)
        appendInteger(Int(level.madeAt[i]) + 1, to: &out)
        for (s, name) in sumNames.enumerated() {
            out.append(UInt8(ascii: ","))
            JSONValue.string(name).appendJSON(to: &out)
            out.append(UInt8(ascii: ":"))
            appendJSONNumber(level.sums[level.sumCount * i + s], to: &out)
        }
        out.append(contentsOf: #","bbox":["#.utf8)
        let box = level.box[4 * i..<4 * i + 4]
        let w = Self.wrapped(WebMercator.longitude(x: box[box.startIndex]))
        let e = Self.wrapped(WebMercator.longitude(x: box[box.startIndex + 2]))
        format.append(w, to: &out)
        out.append(UInt8(ascii: ","))
        format.append(WebMercator.latitude(y: box[box.startIndex + 3]), to: &out)
        out.append(UInt8(ascii: ","))
        format.append(e, to: &out)
        out.append(UInt8(ascii: ","))
        format.append(WebMercator.latitude(y: box[box.startIndex + 1]), to: &out)
        out.append(UInt8(ascii: "]"))
    }

    private func appendInteger(_ v: Int, to out: inout [UInt8]) {
        out.append(contentsOf: String(v).utf8)
    }

    /// A longitude past ±180 (a box unwrapped across the antimeridian) brought back into range;
    /// such a box then has west > east, as RFC 7946 §5.2 writes it.
    package static func wrapped(_ lng: Double) -> Double {
        lng > 180 ? lng - 360 : (lng < -180 ? lng + 360 : lng)
    }

    /// supercluster's `point_count_abbreviated`: 999 → "999", 1234 → "1.2k", 12345 → "12k".
    package static func abbreviated(_ n: Int) -> String {
        if n >= 10_000 { return "\(Int((Double(n) / 1000).rounded()))k" }
        if n < 1000 { return String(n) }
        let tenths = Int((Double(n) / 100).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)k" : "\(tenths / 10).\(tenths % 10)k"
    }
}
