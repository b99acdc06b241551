import ZoneFormats
import ZoneGeometry

/// GeoJSON object types (RFC 7946 §1.4) and the coordinate nesting depth of each geometry.
enum GeoJSONType: String {
    case featureCollection = "FeatureCollection"
    case feature = "Feature"
    case point = "Point"
    case multiPoint = "MultiPoint"
    case lineString = "LineString"
    case multiLineString = "MultiLineString"
    case polygon = "Polygon"
    case multiPolygon = "MultiPolygon"
    case geometryCollection = "GeometryCollection"

    /// Array nesting of "coordinates": 0 for a position, 3 for a MultiPolygon.
    var coordinateDepth: Int? {
        switch self {
        case .point: 0
        case .multiPoint, .lineString: 1
        case .multiLineString, .polygon: 2
        case .multiPolygon: 3
        default: nil
        }
    }

    var isGeometry: Bool { self != .featureCollection && self != .feature }

    /// The type named by a scanned string, compared after unescaping (no String is made for
    /// the common names written plainly).
    static func match(_ raw: RawString, in s: JSONScanner) -> GeoJSONType? {
        if s.equals(raw, "Feature") { return .feature }
        if s.equals(raw, "Polygon") { return .polygon }
        if s.equals(raw, "MultiPolygon") { return .multiPolygon }
        if s.equals(raw, "FeatureCollection") { return .featureCollection }
        return GeoJSONType(rawValue: s.decode(raw))
    }
}

/// A geometry member as read: usable polygons, or the reason it is not usable.
enum ParsedGeometry {
    case polygonal(PolygonalGeometry, ringOffsets: [Int])
    case null
    case unusable
}

/// A feature before offsets become line/column locations.
struct ParsedFeature {
    var id: JSONValue?
    var properties: JSONObject
    var geometry: PolygonalGeometry?
    var offset: Int
    var ringOffsets: [Int]
    /// Bytes of the feature's source text (its object, or the whole geometry document).
    var byteCount: Int
}

/// One finding at a byte offset.
struct Problem {
    var offset: Int
    var severity: Severity
    var message: String
}

/// The GeoJSON layer over `JSONScanner`: object members, types, features, coordinates.
struct GeoJSONParser {
    var s: JSONScanner
    var parsed: [ParsedFeature] = []
    var problems: [Problem] = []
    // Scratch buffers for the geometry being read, reused across geometries.
    var coords: [Double] = []
    var ringEnds: [Int] = []
    var polygonEnds: [Int] = []
    var ringOffsets: [Int] = []
    /// Errors recorded so far, and how many GeometryCollections enclose the current object.
    var errorCount = 0
    var collectionDepth = 0
    /// With a set, each feature's properties are trimmed to these keys as it is read, and
    /// equal trimmed sets share one copy (``trimmed(_:)``).
    var keeping: Set<String>?
    private var shared: Set<JSONObject> = []
    /// The set the last feature kept: most features keep what the one before them kept.
    private var lastShared: JSONObject?
    /// With a sink, each feature goes to it as soon as it is read, and `parsed` stays empty.
    var sink: ((ParsedFeature) -> Void)?

    init(_ buf: UnsafeBufferPointer<UInt8>) {
        s = JSONScanner(buf)
        coords.reserveCapacity(1 << 16)
    }

    mutating func problem(_ offset: Int, _ message: String, _ severity: Severity = .error) {
        problems.append(Problem(offset: offset, severity: severity, message: message))
        if severity == .error { errorCount += 1 }
    }

    /// The whole file: an optional UTF-8 byte order mark, one GeoJSON object, nothing after it.
    mutating func parseDocument() throws(ReadError) {
        if s.buf.count >= 3, s.buf[0] == 0xEF, s.buf[1] == 0xBB, s.buf[2] == 0xBF { s.pos = 3 }
        s.skipWhitespace()
        guard s.peek() == UInt8(ascii: "{") else { throw s.unexpected("a GeoJSON object") }
        let start = s.pos
        let top = try parseObject(expecting: nil)
        if top.type == .featureCollection {
            if !top.hasFeatures { problem(start, "FeatureCollection has no \"features\" member") }
        } else {
            addStandalone(top, at: start)
        }
        try s.checkEnd()
    }

    /// One feature's bytes, as the scan found them (a Feature object, or a geometry that is
    /// the whole document): what a build reads again of a city's features, one by one.
    mutating func parseFeatureText() throws(ReadError) {
        s.skipWhitespace()
        guard s.peek() == UInt8(ascii: "{") else { throw s.unexpected("a GeoJSON object") }
        let start = s.pos
        addStandalone(try parseObject(expecting: nil), at: start)
        try s.checkEnd()
    }

    /// A Feature, or a geometry standing for one (a document that is a bare geometry).
    private mutating func addStandalone(_ top: ObjectMembers, at start: Int) {
        switch top.type {
        case .feature?:
            addFeature(top, at: start)
        case let t? where t.isGeometry:
            var offsets: [Int] = []
            if case .polygonal(_, let r) = top.selfGeometry { offsets = r }
            emit(
                ParsedFeature(
                    id: nil, properties: JSONObject(), geometry: usable(top.selfGeometry, start),
                    offset: start, ringOffsets: offsets, byteCount: s.pos - start))
        default:
            break  // missing or unknown type: already reported
        }
    }

    /// Records a Feature whose members were read, checking the members RFC 7946 §3.2 requires.
    mutating func addFeature(_ o: ObjectMembers, at offset: Int) {
        if !o.hasProperties { problem(offset, "Feature has no \"properties\" member") }
        if !o.hasGeometry { problem(offset, "Feature has no \"geometry\" member") }
        if case .null? = o.geometry { problem(offset, "Feature has a null geometry; it is skipped", .warning) }
        emit(
            ParsedFeature(
                id: o.id, properties: trimmed(o.properties ?? JSONObject()),
                geometry: usable(o.geometry, offset), offset: offset,
                ringOffsets: o.geometryRingOffsets, byteCount: s.pos - offset))
    }

    mutating func emit(_ feature: ParsedFeature) {
        if let sink { sink(feature) } else { parsed.append(feature) }
    }

    /// `properties` (read limited to ``keeping``: ``JSONScanner/parseObject(keeping:)``) shared
    /// with equal sets read before: a file's features then hold their properties once, not each
    /// its whole set (a large file of every city otherwise holds most of its size again in
    /// properties while it is read).
    mutating func trimmed(_ properties: JSONObject) -> JSONObject {
        guard let keeping else { return properties }
        if keeping.isEmpty { return JSONObject() }
        if let last = lastShared, last == properties { return last }
        var kept = properties
        // Exact size: the kept properties live as long as the build.
        if kept.members.capacity > kept.members.count + 2 { kept.members = kept.members.map { $0 } }
        let shared = shared.insert(kept).memberAfterInsert
        lastShared = shared
        return shared
    }

    func usable(_ g: ParsedGeometry?, _ offset: Int) -> PolygonalGeometry? {
        _ = offset
        if case .polygonal(let p, _)? = g { return p }
        return nil
    }
}
