import ZoneFormats

/// Reads the point features of one GeoJSON file for a layer and checks them (`zonectl
/// validate` and the build): Point/MultiPoint only, longitude and latitude in range, the `sum`
/// properties numeric, the `group_by` property present. Findings are at file:line:column.
package struct PointReader {
    package let layer: PointLayerConfig
    /// Read common features straight from the bytes (`PointReader+Fast.swift`); false: every
    /// feature through the generic `JSONValue` path (the tests compare the two).
    package var usesFastPath = true
    /// Set: the read only notes where the points with these ids (per `group_by` key) are
    /// (``locate(_:in:)``), and adds no points.
    package var locating: [String: Set<String>]? = nil

    package init(layer: PointLayerConfig, usesFastPath: Bool = true) {
        self.layer = layer
        self.usesFastPath = usesFastPath
    }

    /// The points of the file per `group_by` value, and the findings.
    package struct FileResult {
        /// The groups in the order first seen; ``index`` finds one by key.
        package var sets: [(key: String, points: PointSet)] = []
        package var index: [String: Int] = [:]
        package var diagnostics: [Diagnostic] = []
        /// The points ``locate(_:in:)`` looked for.
        package var located: [Located] = []
        /// The group of the previous point: consecutive points mostly share one.
        private var last: (key: String, set: Int)?

        package var groups: [String: PointSet] { Dictionary(uniqueKeysWithValues: sets.map { ($0.key, $0.points) }) }

        /// The position in ``sets`` of `key`'s group, made empty when new.
        package mutating func set(for key: String, sumCount: Int) -> Int {
            if let last, last.key == key { return last.set }
            let i = index[key] ?? sets.count
            if i == sets.count {
                sets.append((key, PointSet(sumCount: sumCount)))
                index[key] = i
            }
            last = (key, i)
            return i
        }
    }

    package func read(_ text: SourceText) -> FileResult {
        var result = FileResult()
        do {
            try text.bytes.withUnsafeBufferPointer { (buf) throws(ReadError) in
                if let utf16 = utf16Evidence(buf) {
                    throw ReadError(offset: utf16.offset, message: utf16Message(utf16.reason))
                }
                var s = JSONScanner(buf)
                s.skipWhitespace()
                guard s.peek() == UInt8(ascii: "{") else { throw s.unexpected("a GeoJSON FeatureCollection") }
                try s.enter()
                s.pos += 1
                var sawFeatures = false
                repeat {
                    s.skipWhitespace()
                    let key = s.decode(try s.scanKey())
                    try s.expect(UInt8(ascii: ":"), "':' after an object key")
                    s.skipWhitespace()
                    if key == "features", s.peek() == UInt8(ascii: "[") {
                        sawFeatures = true
                        try readFeatures(&s, text, into: &result)
                    } else {
                        _ = try s.parseValue()
                    }
                } while try s.nextElement(close: UInt8(ascii: "}"), "',' or '}' in an object")
                try s.checkEnd()
                if !sawFeatures { throw ReadError(offset: 0, message: "expected a FeatureCollection with features") }
            }
        } catch {
            result.diagnostics.append(.error(text.location(ofByte: error.offset), error.message))
        }
        return result
    }

    private func readFeatures(_ s: inout JSONScanner, _ text: SourceText, into result: inout FileResult)
        throws(ReadError)
    {
        s.pos += 1  // '['
        s.skipWhitespace()
        if s.peek() == UInt8(ascii: "]") {
            s.pos += 1
            return
        }
        let roles = PropertyRoles(layer)
        var feature = FastFeature()
        repeat {
            s.skipWhitespace()
            let offset = s.pos
            if locating != nil {
                locate(try s.parseValue(), at: offset, text, into: &result)
                continue
            }
            var fast = s
            if usesFastPath, fastFeature(&fast, roles, into: &feature), add(&feature, roles, fast, to: &result) {
                s = fast
            } else if let problem = add(try s.parseValue(), to: &result) {  // the generic path
                result.diagnostics.append(.error(text.location(ofByte: offset), problem))
            }
        } while try s.nextElement(close: UInt8(ascii: "]"), "',' or ']' in an array")
    }

    /// Adds the feature's points; returns what is wrong with it instead, if anything.
    private func add(_ value: JSONValue, to result: inout FileResult) -> String? {
        guard case .object(let feature) = value, feature["type"] == .string("Feature") else {
            return "expected a GeoJSON Feature"
        }
        guard case .object(let geometry)? = feature["geometry"], case .string(let type)? = geometry["type"],
            case .array(let coordinates)? = geometry["coordinates"]
        else { return "expected a Point or MultiPoint geometry" }
        let properties: JSONObject
        switch feature["properties"] {
        case .object(let p)?: properties = p
        default: properties = JSONObject()
        }
        if properties[layer.groupBy] == .null {
            return "point layer '\(layer.name)': property '\(layer.groupBy)' (group_by) is null; it must be a string"
        }
        guard let group = properties[layer.groupBy], let key = Self.groupKey(group) else {
            return "point layer '\(layer.name)': property '\(layer.groupBy)' (group_by) is missing or not a string"
        }
        var sums: [Double] = []
        for name in layer.sum {
            switch properties[name] {
            case .number(let v)?: sums.append(v)
            case nil, .null?: sums.append(0)
            default: return "point layer '\(layer.name)': property '\(name)' (sum) is not a number"
            }
        }
        let positions: [JSONValue]
        switch type {
        case "Point": positions = [.array(coordinates)]
        case "MultiPoint": positions = coordinates
        default: return "point layer '\(layer.name)': expected a Point or MultiPoint, got \(type)"
        }
        let baseID = Self.identity(feature, properties)
        var points: [(Double, Double)] = []
        for position in positions {
            guard case .array(let p) = position, p.count >= 2, case .number(let lng) = p[0],
                case .number(let lat) = p[1]
            else { return "expected a position [longitude, latitude]" }
            guard (-90...90).contains(lat) else { return "latitude \(JSONValue.number(lat)) is outside -90...90" }
            guard (-180...180).contains(lng) else {
                return "longitude \(JSONValue.number(lng)) is outside -180...180"
            }
            points.append((lng, lat))
        }
        let kept = JSONObject(layer.keep.compactMap { k in properties[k].map { (k, $0) } })
        let set = result.set(for: key, sumCount: layer.sum.count)
        let keptFrom = result.sets[set].points.appendKept(kept)
        for (n, (lng, lat)) in points.enumerated() {
            // No id: "" (the point index then matches it by position; its cluster hash uses the position).
            let id = baseID.map { positions.count > 1 ? "\($0)#\(n)" : $0 } ?? ""
            result.sets[set].points.append(longitude: lng, latitude: lat, id: id, keptFrom: keptFrom, sums: sums[...])
        }
        return nil
    }

    /// A `group_by` value as a key: strings as they are, numbers as JSON.
    package static func groupKey(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s) where !s.isEmpty: s
        case .number: value.description
        default: nil
        }
    }

    /// The point's id: the `id` property, else the feature's `id` member; nil when neither.
    package static func identity(_ feature: JSONObject, _ properties: JSONObject) -> String? {
        for candidate in [properties["id"], feature["id"]] {
            switch candidate {
            case .string(let s)?: return s
            case .number?: return candidate!.description
            default: continue
            }
        }
        return nil
    }
}
