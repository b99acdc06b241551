import ZoneFormats

/// What an object inside the document must be.
enum Expectation {
    case feature, geometry
}

/// The members of one GeoJSON object that matter to zones.
struct ObjectMembers {
    var type: GeoJSONType?
    var id: JSONValue?
    var properties: JSONObject?
    var hasProperties = false
    var geometry: ParsedGeometry?  // the "geometry" member of a Feature
    var hasGeometry = false
    var hasFeatures = false
    var hasCoordinates = false
    var hasGeometries = false
    var selfGeometry: ParsedGeometry = .unusable  // this object, read as a geometry

    var geometryRingOffsets: [Int] {
        if case .polygonal(_, let offsets)? = geometry { return offsets }
        return []
    }
}

extension GeoJSONParser {
    /// Reads one object (the scanner is at '{'). `expecting` is nil for the top level, where
    /// any GeoJSON object may stand. Members may come in any order; coordinates met before
    /// "type" are read again once the type is known.
    mutating func parseObject(expecting: Expectation?) throws(ReadError) -> ObjectMembers {
        let start = s.pos
        let errorsBefore = errorCount
        try s.enter()
        defer { s.leave() }
        s.pos += 1
        var m = ObjectMembers()
        var keys = DuplicateKeyCheck()
        var typeName: String?
        var typeReported = false  // a "type" that is not a string, already reported
        var typeOffset = start
        var deferredCoordinates: Int?
        s.skipWhitespace()
        if s.peek() == UInt8(ascii: "}") {
            s.pos += 1
        } else {
            repeat {
                s.skipWhitespace()
                let keyOffset = s.pos
                let key = try s.scanKey()
                try keys.insert(key, at: keyOffset, in: s)
                try s.expect(UInt8(ascii: ":"), "':' after an object key")
                s.skipWhitespace()
                let at = s.pos
                if s.equals(key, "type") {
                    typeOffset = at
                    if s.peek() == UInt8(ascii: "\"") {
                        let raw = try s.scanString()
                        m.type = GeoJSONType.match(raw, in: s)
                        typeName = m.type?.rawValue ?? s.decode(raw)
                    } else {
                        problem(at, "\"type\" must be a string, found \(s.describeToken())")
                        typeName = nil
                        typeReported = true
                        _ = try s.parseValue()
                    }
                } else if s.equals(key, "coordinates"), expecting != .feature,
                    m.type == nil || m.type?.isGeometry == true
                {
                    m.hasCoordinates = true
                    if let depth = m.type?.coordinateDepth {
                        try readCoordinates(depth: depth)
                    } else {
                        deferredCoordinates = at
                        _ = try s.parseValue()
                    }
                } else if s.equals(key, "geometries"), expecting != .feature,
                    m.type == nil || m.type == .geometryCollection
                {
                    m.hasGeometries = true
                    try readGeometries()
                } else if s.equals(key, "features"), expecting == nil {
                    m.hasFeatures = true
                    try readFeatures()
                } else if s.equals(key, "geometry"), expecting != .geometry {
                    m.hasGeometry = true
                    m.geometry = try readGeometryMember()
                } else if s.equals(key, "properties"), expecting != .geometry {
                    m.hasProperties = true
                    m.properties = try readProperties()
                } else if s.equals(key, "id"), expecting != .geometry {
                    let v = try s.parseValue()
                    switch v {
                    case .string, .number: m.id = v
                    default: problem(at, "Feature \"id\" must be a string or a number, found \(v)")
                    }
                } else if s.equals(key, "bbox") {
                    try readBBox()
                } else {
                    _ = try s.parseValue()  // a foreign member (RFC 7946 §6.1)
                }
            } while try s.nextElement(close: UInt8(ascii: "}"), "',' or '}' in an object")
        }
        if !typeReported { checkType(m.type, typeName, typeOffset, expecting, start) }
        if let t = m.type, t.isGeometry, expecting != .feature {
            if let depth = t.coordinateDepth {
                if !m.hasCoordinates {
                    problem(start, "\(t.rawValue) has no \"coordinates\" member")
                } else if let offset = deferredCoordinates {
                    let resume = s.pos
                    s.pos = offset
                    try readCoordinates(depth: depth)
                    s.pos = resume
                }
            } else if !m.hasGeometries {
                problem(start, "GeometryCollection has no \"geometries\" member")
            }
            m.selfGeometry = finishGeometry(t, at: start, clean: errorCount == errorsBefore)
        }
        return m
    }

    private mutating func checkType(
        _ type: GeoJSONType?, _ name: String?, _ offset: Int, _ expecting: Expectation?, _ start: Int
    ) {
        let what = expecting == .feature ? "Feature" : expecting == .geometry ? "geometry" : "GeoJSON object"
        guard let name else { return problem(start, "\(what) has no \"type\" member") }
        guard let type else {
            return problem(
                offset, "unknown \(expecting == .geometry ? "geometry" : "GeoJSON") type \(jsonQuoted(name))")
        }
        if expecting == .feature, type != .feature {
            problem(offset, "expected a Feature, found type \(jsonQuoted(name))")
        } else if expecting == .geometry, !type.isGeometry {
            problem(offset, "expected a geometry, found type \(jsonQuoted(name))")
        }
    }

    /// The "features" array of a FeatureCollection; each Feature is recorded as it is read.
    private mutating func readFeatures() throws(ReadError) {
        try readArrayOfObjects("features", element: "a Feature object") { parser, at throws(ReadError) in
            let f = try parser.parseObject(expecting: .feature)
            if f.type == .feature { parser.addFeature(f, at: at) }
        }
    }

    /// The "geometries" of a GeometryCollection (read fully, though zones cannot use them).
    private mutating func readGeometries() throws(ReadError) {
        collectionDepth += 1
        defer { collectionDepth -= 1 }
        try readArrayOfObjects("geometries", element: "a geometry object") { parser, _ throws(ReadError) in
            _ = try parser.parseObject(expecting: .geometry)
        }
    }

    /// An array member whose elements must be objects: `each` reads one (the scanner at its
    /// '{', given its offset); anything else is reported and skipped.
    private mutating func readArrayOfObjects(
        _ member: String, element: String, _ each: (inout GeoJSONParser, Int) throws(ReadError) -> Void
    ) throws(ReadError) {
        guard s.peek() == UInt8(ascii: "[") else {
            problem(s.pos, "\"\(member)\" must be an array, found \(s.describeToken())")
            _ = try s.parseValue()
            return
        }
        try s.enter()
        defer { s.leave() }
        s.pos += 1
        s.skipWhitespace()
        if s.peek() == UInt8(ascii: "]") {
            s.pos += 1
            return
        }
        repeat {
            s.skipWhitespace()
            let at = s.pos
            if s.peek() == UInt8(ascii: "{") {
                try each(&self, at)
            } else {
                problem(at, "expected \(element), found \(s.describeToken())")
                _ = try s.parseValue()
            }
        } while try s.nextElement(close: UInt8(ascii: "]"), "',' or ']' in \"\(member)\"")
    }

    /// A Feature's "geometry": an object or null (RFC 7946 §3.2).
    private mutating func readGeometryMember() throws(ReadError) -> ParsedGeometry {
        if s.peek() == UInt8(ascii: "n") {
            try s.literal("null")
            return .null
        }
        guard s.peek() == UInt8(ascii: "{") else {
            problem(s.pos, "\"geometry\" must be an object or null, found \(s.describeToken())")
            _ = try s.parseValue()
            return .unusable
        }
        return try parseObject(expecting: .geometry).selfGeometry
    }

    /// A Feature's "properties": an object or null. With nothing to keep (a build reading a
    /// feature again, whose properties the scan kept), the object is skipped, not built.
    private mutating func readProperties() throws(ReadError) -> JSONObject? {
        let at = s.pos
        switch s.peek() {
        case UInt8(ascii: "{") where keeping?.isEmpty == true:
            try s.skipUnbuilt()
            return JSONObject()
        case UInt8(ascii: "{"): return try s.parseObject(keeping: keeping)
        case UInt8(ascii: "n"):
            try s.literal("null")
            return nil
        default:
            problem(at, "\"properties\" must be an object or null, found \(s.describeToken())")
            _ = try s.parseValue()
            return nil
        }
    }

    /// A "bbox": 2×n numbers (RFC 7946 §5).
    private mutating func readBBox() throws(ReadError) {
        let at = s.pos
        let v = try s.parseValue()
        if case .array(let items) = v, items.count == 4 || items.count == 6,
            items.allSatisfy({ if case .number = $0 { true } else { false } })
        {
            return
        }
        problem(at, "\"bbox\" must be an array of 4 or 6 numbers")
    }
}
