/// One point file parsed: a band file or a metatile (a GeoJSON FeatureCollection of Points,
/// each with its zoom `z`), its features grouped by zoom. Immutable once read.
final class ClusterFile: Sendable {
    /// The features of each zoom, in file order.
    let zooms: [Int: [ZoneClusterFeature]]
    /// Per zoom, the box of its features' positions, so a viewport elsewhere skips the file.
    let extents: [Int: ZoneBBox]
    /// The content's size, which the memory budget counts.
    let bytes: Int

    init(zooms: [Int: [ZoneClusterFeature]], bytes: Int) {
        self.zooms = zooms
        self.bytes = bytes
        extents = zooms.mapValues { features in
            var box = ZoneBBox(west: .infinity, south: .infinity, east: -.infinity, north: -.infinity)
            for f in features {
                box.west = min(box.west, f.longitude)
                box.east = max(box.east, f.longitude)
                box.south = min(box.south, f.latitude)
                box.north = max(box.north, f.latitude)
            }
            return box
        }
    }

    /// Parses `content`, the file at `key` (named in errors).
    convenience init(_ content: [UInt8], key: String) throws(ZoneClientError) {
        do {
            let zooms = try content.withUnsafeBufferPointer { (buffer) throws(JSONScanner.Failure) in
                var scanner = JSONScanner(buffer)
                var zooms: [Int: [ZoneClusterFeature]] = [:]
                try scanner.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
                    guard name == "features" else { return try s.skipValue() }
                    try s.elements { (s: inout JSONScanner) throws(JSONScanner.Failure) in
                        let (z, feature) = try Self.feature(&s)
                        zooms[z, default: []].append(feature)
                    }
                }
                return zooms
            }
            self.init(zooms: zooms, bytes: content.count)
        } catch {
            throw .corrupt(key: key, reason: "not a point file: \(error.message) at byte \(error.offset)")
        }
    }

    /// The features of `zoom` inside any of `boxes` (closed, none across 180°), appended to `out`.
    func features(zoom: Int, in boxes: [ZoneBBox], into out: inout [ZoneClusterFeature]) {
        guard let features = zooms[zoom], let extent = extents[zoom] else { return }
        let boxes = boxes.filter {
            $0.west <= extent.east && extent.west <= $0.east && $0.south <= extent.north && extent.south <= $0.north
        }
        guard !boxes.isEmpty else { return }
        for f in features {
            for b in boxes
            where b.west <= f.longitude && f.longitude <= b.east && b.south <= f.latitude && f.latitude <= b.north {
                out.append(f)
                break
            }
        }
    }

    /// One Feature: its zoom and what it draws.
    private static func feature(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> (Int, ZoneClusterFeature) {
        var position: (Double, Double)?
        var positionText = ""
        var z: Int?
        var clusterID: Int?
        var pointID: String?
        var count = 1
        var expansion: Int?
        var bbox: ZoneBBox?
        var kept: [UInt8] = [UInt8(ascii: "{")]
        try s.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
            switch name {
            case "geometry":
                try s.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
                    guard name == "coordinates" else { return try s.skipValue() }
                    _ = s.peek()
                    let start = s.position
                    var values: [Double] = []
                    try s.elements { (s: inout JSONScanner) throws(JSONScanner.Failure) in values.append(try s.number())
                    }
                    guard values.count >= 2 else { throw s.fail("a Point has two coordinates") }
                    position = (values[0], values[1])
                    positionText = String(decoding: s.bytes[start + 1..<s.position - 1], as: UTF8.self)
                }
            case "properties":
                try s.expect(UInt8(ascii: "{"))
                if s.accept(UInt8(ascii: "}")) { break }
                repeat {
                    _ = s.peek()
                    let start = s.position
                    let member = try s.string()
                    try s.expect(UInt8(ascii: ":"))
                    switch member {
                    case "z": z = try integer(&s)
                    case "cluster_id": clusterID = try integer(&s)
                    case "point_count": count = try integer(&s)
                    case "expansion_zoom": expansion = try integer(&s)
                    case "bbox":
                        var v: [Double] = []
                        try s.elements { (s: inout JSONScanner) throws(JSONScanner.Failure) in v.append(try s.number())
                        }
                        guard v.count == 4 else { throw s.fail("a bbox has four numbers") }
                        bbox = ZoneBBox(west: v[0], south: v[1], east: v[2], north: v[3])
                    case "id":
                        if s.peek() == UInt8(ascii: "\"") {
                            pointID = try s.string()
                        } else {
                            _ = s.peek()
                            let valueStart = s.position
                            try s.skipValue()
                            pointID = String(decoding: s.bytes[valueStart..<s.position], as: UTF8.self)
                        }
                    default: try s.skipValue()
                    }
                    if member != "z", member != "expansion_zoom" {
                        if kept.count > 1 { kept.append(UInt8(ascii: ",")) }
                        kept.append(contentsOf: s.bytes[start..<s.position])
                    }
                } while s.accept(UInt8(ascii: ","))
                try s.expect(UInt8(ascii: "}"))
            default:
                try s.skipValue()
            }
        }
        guard let (lon, lat) = position else { throw s.fail("a feature without Point coordinates") }
        guard let z else { throw s.fail("a feature without its zoom z") }
        kept.append(UInt8(ascii: "}"))
        let id: ZoneClusterKey = clusterID.map { .cluster($0) } ?? .point(pointID ?? positionText)
        let feature = ZoneClusterFeature(
            id: id, longitude: lon, latitude: lat, pointCount: clusterID == nil ? 1 : count,
            expansionZoom: clusterID == nil ? nil : expansion, bbox: clusterID == nil ? nil : bbox,
            properties: String(decoding: kept, as: UTF8.self))
        return (z, feature)
    }

    private static func integer(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> Int {
        let v = try s.number()
        guard v == v.rounded(), abs(v) < 9.007_199_254_740_992e15 else { throw s.fail("expected an integer") }
        return Int(v)
    }
}
