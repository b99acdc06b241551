import ZoneFormats
import ZoneGeometry

extension GeoJSONParser {
    /// Reads a "coordinates" value nested `depth` arrays above positions into the scratch
    /// buffers: arrays of positions end a ring, arrays of rings end a polygon. Wrong shapes
    /// are reported where they stand and skipped, so one run finds every problem.
    mutating func readCoordinates(depth: Int) throws(ReadError) {
        s.skipWhitespace()
        let open = s.pos
        guard s.peek() == UInt8(ascii: "[") else {
            if s.atEnd { throw s.unexpected("coordinates") }
            let found = s.describeToken()
            _ = try s.parseValue()
            return problem(
                open,
                depth == 0
                    ? "expected a position [longitude, latitude], found \(found)"
                    : "expected an array of \(Self.levelName(depth - 1)), found \(found)")
        }
        if depth == 0 { return try readPosition() }
        try s.enter()
        defer { s.leave() }
        s.pos += 1
        s.skipWhitespace()
        if s.peek() == UInt8(ascii: "]") {
            s.pos += 1
        } else {
            repeat {
                try readCoordinates(depth: depth - 1)
            } while try s.nextElement(close: UInt8(ascii: "]"), "',' or ']' in coordinates")
        }
        if depth == 1 {
            ringEnds.append(coords.count / 2)
            ringOffsets.append(open)
        } else if depth == 2 {
            polygonEnds.append(ringEnds.count)
        }
    }

    static func levelName(_ depth: Int) -> String {
        ["positions", "linear rings (arrays of positions)", "polygons (arrays of linear rings)"][min(depth, 2)]
    }

    /// One position: [longitude, latitude] or [longitude, latitude, altitude] (RFC 7946 §3.1.1).
    /// Only longitude and latitude are kept.
    @inline(__always)
    private mutating func readPosition() throws(ReadError) {
        let open = s.pos
        s.pos += 1
        var count = 0
        s.skipWhitespace()
        if s.peek() != UInt8(ascii: "]") {
            repeat {
                s.skipWhitespace()
                let b = s.peek()
                if s.atNumberStart() || b == UInt8(ascii: "N") || b == UInt8(ascii: "I") {
                    let v = try s.parseNumber()
                    if count < 2 { coords.append(v) }
                } else {
                    let at = s.pos
                    let found = s.describeToken()
                    _ = try s.parseValue()
                    problem(at, "coordinate must be a number, found \(found)")
                    if count < 2 { coords.append(.nan) }
                }
                count += 1
            } while try s.nextElement(close: UInt8(ascii: "]"), "',' or ']' in a position")
        } else {
            s.pos += 1
        }
        if count < 2 {
            problem(open, "position has \(count) value\(count == 1 ? "" : "s"); expected [longitude, latitude]")
            for _ in count..<2 { coords.append(.nan) }
        } else if count > 3 {
            problem(open, "position has \(count) values; expected at most 3 (longitude, latitude, altitude)")
        }
    }

    /// The geometry just read, if it is a clean Polygon or MultiPolygon; empties the scratch.
    mutating func finishGeometry(_ type: GeoJSONType, at offset: Int, clean: Bool) -> ParsedGeometry {
        defer {
            coords.removeAll(keepingCapacity: true)
            ringEnds.removeAll(keepingCapacity: true)
            polygonEnds.removeAll(keepingCapacity: true)
            ringOffsets.removeAll(keepingCapacity: true)
        }
        guard type == .polygon || type == .multiPolygon else {
            if collectionDepth == 0 {
                problem(offset, "a zone must be a Polygon or MultiPolygon, found \(type.rawValue)")
            }
            return .unusable
        }
        guard clean else { return .unusable }
        // Exact-size copies: Array(scratch) would share the scratch buffer (and its capacity),
        // and emptying the scratch would then allocate a new one for every geometry.
        let g = PolygonalGeometry(
            coordinates: exactCopy(coords), ringEnds: exactCopy(ringEnds),
            polygonEnds: exactCopy(polygonEnds), isMulti: type == .multiPolygon)
        return .polygonal(g, ringOffsets: exactCopy(ringOffsets))
    }
}

/// A new array holding `a`'s elements in a buffer of exactly their size.
func exactCopy<T>(_ a: [T]) -> [T] {
    a.withUnsafeBufferPointer { Array($0) }
}
