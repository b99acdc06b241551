/// The common shape of a point feature read straight from the bytes, without a `JSONValue` tree
/// for the feature and its geometry (`make bench-points`: reading was most of the build).
///
/// `fastFeature` reads a Feature whose geometry is a Point or MultiPoint of plain number
/// positions and whose properties are an object or null. Anything else — another geometry
/// type, an unusual member, a position that is not numbers, a syntax error — returns nil, and
/// the caller reads the feature again with the generic path (`PointReader.add`), which gives
/// every finding as before. Both paths give the same points, in the same order, with the same
/// findings: the fast path only skips work, never a check.
extension PointReader {
    /// One feature as the fast path read it.
    struct FastFeature {
        var properties = JSONObject()
        var id: JSONValue?
        /// Longitude, latitude pairs, in order.
        var positions: [Double] = []
        var multi = false
    }

    /// Reads the feature at `s.pos` (its `{`), or returns nil with `s` wherever it stopped.
    func fastFeature(_ s: inout JSONScanner) -> FastFeature? {
        guard s.peek() == UInt8(ascii: "{"), (try? s.enter()) != nil else { return nil }
        s.pos += 1
        var f = FastFeature()
        var seen: UInt8 = 0  // type, geometry, properties, id
        var isFeature = false
        var hasGeometry = false
        do {
            s.skipWhitespace()
            if s.peek() == UInt8(ascii: "}") { return nil }
            repeat {
                s.skipWhitespace()
                let key = try s.scanKey()
                if key.hasEscapes { return nil }
                try s.expect(UInt8(ascii: ":"), "':'")
                s.skipWhitespace()
                let bit: UInt8
                if s.equals(key, "type") {
                    bit = 1
                    guard s.peek() == UInt8(ascii: "\"") else { return nil }
                    let value = try s.scanString()
                    isFeature = s.equals(value, "Feature")
                } else if s.equals(key, "geometry") {
                    bit = 2
                    guard fastGeometry(&s, into: &f) else { return nil }
                    hasGeometry = true
                } else if s.equals(key, "properties") {
                    bit = 4
                    if s.peek() == UInt8(ascii: "{") {
                        f.properties = try s.parseObject()
                    } else {
                        try s.literal("null")
                    }
                } else if s.equals(key, "id") {
                    bit = 8
                    f.id = try s.parseValue()
                } else {
                    return nil  // a foreign member: the generic path keeps its duplicate checks
                }
                if seen & bit != 0 { return nil }
                seen |= bit
            } while try s.nextElement(close: UInt8(ascii: "}"), "',' or '}'")
        } catch {
            return nil
        }
        s.leave()
        return isFeature && hasGeometry ? f : nil
    }

    /// A geometry `{"type": "Point"|"MultiPoint", "coordinates": …}` of number positions.
    private func fastGeometry(_ s: inout JSONScanner, into f: inout FastFeature) -> Bool {
        guard s.peek() == UInt8(ascii: "{") else { return false }
        s.pos += 1
        var type = 0  // 1 Point, 2 MultiPoint
        var shape = 0  // 1 one position, 2 a list of positions
        do {
            repeat {
                s.skipWhitespace()
                let key = try s.scanKey()
                if key.hasEscapes { return false }
                try s.expect(UInt8(ascii: ":"), "':'")
                s.skipWhitespace()
                if s.equals(key, "type"), type == 0 {
                    guard s.peek() == UInt8(ascii: "\"") else { return false }
                    let value = try s.scanString()
                    if s.equals(value, "Point") {
                        type = 1
                    } else if s.equals(value, "MultiPoint") {
                        type = 2
                    } else {
                        return false
                    }
                } else if s.equals(key, "coordinates"), shape == 0 {
                    guard s.peek() == UInt8(ascii: "[") else { return false }
                    s.pos += 1
                    s.skipWhitespace()
                    if s.atNumberStart() {
                        shape = 1
                        guard try position(&s, into: &f.positions) else { return false }
                    } else if s.peek() == UInt8(ascii: "[") {
                        shape = 2
                        repeat {
                            s.skipWhitespace()
                            guard s.peek() == UInt8(ascii: "[") else { return false }
                            s.pos += 1
                            s.skipWhitespace()
                            guard try position(&s, into: &f.positions) else { return false }
                        } while try s.nextElement(close: UInt8(ascii: "]"), "',' or ']'")
                    } else {
                        return false  // empty, or not positions
                    }
                } else {
                    return false
                }
            } while try s.nextElement(close: UInt8(ascii: "}"), "',' or '}'")
        } catch {
            return false
        }
        f.multi = type == 2
        return type != 0 && type == shape
    }

    /// The numbers of a position after its `[`, through its `]`: at least two, the first two kept.
    private func position(_ s: inout JSONScanner, into out: inout [Double]) throws(ReadError) -> Bool {
        var n = 0
        repeat {
            s.skipWhitespace()
            guard s.atNumberStart() else { return false }
            let v = try s.parseNumber()
            if n < 2 { out.append(v) }
            n += 1
        } while try s.nextElement(close: UInt8(ascii: "]"), "',' or ']'")
        if n < 2 {
            out.removeLast(n)
            return false
        }
        return true
    }

    /// Adds a feature the fast path read; returns what is wrong with it instead, if anything
    /// (the checks of `add`, in its order, for the shapes the fast path accepts).
    func add(_ f: FastFeature, to result: inout FileResult) -> String? {
        guard let group = f.properties[layer.groupBy], let key = Self.groupKey(group) else {
            return "point layer '\(layer.name)': property '\(layer.groupBy)' (group_by) is missing or not a string"
        }
        var sums: [Double] = []
        for name in layer.sum {
            switch f.properties[name] {
            case .number(let v)?: sums.append(v)
            case nil, .null?: sums.append(0)
            default: return "point layer '\(layer.name)': property '\(name)' (sum) is not a number"
            }
        }
        let count = f.positions.count / 2
        for i in 0..<count {
            let (lng, lat) = (f.positions[2 * i], f.positions[2 * i + 1])
            guard (-90...90).contains(lat) else { return "latitude \(JSONValue.number(lat)) is outside -90...90" }
            guard (-180...180).contains(lng) else {
                return "longitude \(JSONValue.number(lng)) is outside -180...180"
            }
        }
        // `identity`'s rule: the `id` property, else the feature's `id` member.
        var baseID: String?
        switch f.properties["id"] {
        case .string(let s)?: baseID = s
        case .number(let v)?: baseID = JSONValue.number(v).description
        default:
            switch f.id {
            case .string(let s)?: baseID = s
            case .number(let v)?: baseID = JSONValue.number(v).description
            default: baseID = nil
            }
        }
        let kept = JSONObject(layer.keep.compactMap { k in f.properties[k].map { (k, $0) } })
        for i in 0..<count {
            let id = baseID.map { f.multi && count > 1 ? "\($0)#\(i)" : $0 } ?? ""
            result.groups[key, default: PointSet(sumCount: layer.sum.count)].append(
                longitude: f.positions[2 * i], latitude: f.positions[2 * i + 1], id: id, kept: kept, sums: sums)
        }
        return nil
    }
}
