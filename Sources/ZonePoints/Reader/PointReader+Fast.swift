import ZoneFormats

/// The common shape of a point feature read straight from the bytes, without a `JSONValue` tree
/// for the feature, its geometry or its properties (`make bench-points`: reading was most of the
/// build).
///
/// `fastFeature` reads a Feature whose geometry is a Point or MultiPoint of plain number
/// positions and whose properties are an object (names without escapes, at most 16) or null. It
/// notes where the values the layer uses start (``PointReader/PropertyRoles``) and checks and
/// skips the others. Anything else — another geometry type, an unusual member, a position that
/// is not numbers, a syntax error, a value the layer cannot use — returns nil, and the caller
/// reads the feature again with the generic path (`PointReader.add`), which gives every finding
/// as before. Both paths give the same points, in the same order, with the same findings: the
/// fast path only skips work, never a check.
extension PointReader {
    /// The property names the layer reads, each once (a name may serve several purposes), and
    /// which of them each purpose uses.
    package struct PropertyRoles {
        /// The distinct names, as UTF-8; a role is an index into it.
        package var names: [[UInt8]] = []
        /// The role of `group_by` and of `id`; per `sum` and per `keep` name, its role.
        package var group = 0
        package var id = 0
        package var sums: [Int] = []
        package var keeps: [Int] = []
        /// `,"name":` per `keep` name, as ``PointSet/appendKept(_:)`` writes it; nil for `z`.
        package var keepPrefixes: [[UInt8]?] = []

        package init(_ layer: PointLayerConfig) {
            func role(_ name: String) -> Int {
                let bytes = Array(name.utf8)
                if let i = names.firstIndex(of: bytes) { return i }
                names.append(bytes)
                return names.count - 1
            }
            group = role(layer.groupBy)
            id = role("id")
            sums = layer.sum.map(role)
            for name in layer.keep {
                keeps.append(role(name))
                var prefix: [UInt8] = [UInt8(ascii: ",")]
                appendJSONString(name, to: &prefix)
                prefix.append(UInt8(ascii: ":"))
                keepPrefixes.append(name == "z" ? nil : prefix)
            }
        }

        /// The role named by `key` (a name without escapes), if any.
        package func role(of key: RawString, in s: JSONScanner) -> Int? {
            names.indices.first { s.same(key, names[$0]) }
        }
    }

    /// One feature as the fast path read it; reused from feature to feature (no allocation).
    package struct FastFeature {
        /// Longitude, latitude pairs, in order.
        package var positions: [Double] = []
        package var multi = false
        /// Per role, the offset of its member's value; -1 when absent.
        package var valueAt: [Int] = []
        /// The offset of the feature's `id` member's value; -1 when absent.
        package var featureID = -1
        /// The property names seen, for the duplicate check.
        package var names: [RawString] = []
        /// The sums, once ``PointReader/add(_:_:_:to:)`` has read them.
        package var sums: [Double] = []

        package mutating func reset(roles: Int) {
            positions.removeAll(keepingCapacity: true)
            multi = false
            if valueAt.count != roles { valueAt = [Int](repeating: -1, count: roles) }
            for i in valueAt.indices { valueAt[i] = -1 }
            featureID = -1
            names.removeAll(keepingCapacity: true)
        }
    }

    /// Reads the feature at `s.pos` (its `{`) into `f`; false with `s` wherever it stopped.
    package func fastFeature(_ s: inout JSONScanner, _ roles: PropertyRoles, into f: inout FastFeature) -> Bool {
        f.reset(roles: roles.names.count)
        guard s.peek() == UInt8(ascii: "{"), (try? s.enter()) != nil else { return false }
        s.pos += 1
        var seen: UInt8 = 0  // type, geometry, properties, id
        var isFeature = false
        var hasGeometry = false
        do {
            s.skipWhitespace()
            if s.peek() == UInt8(ascii: "}") { return false }
            repeat {
                s.skipWhitespace()
                let key = try s.scanKey()
                if key.hasEscapes { return false }
                try s.expect(UInt8(ascii: ":"), "':'")
                s.skipWhitespace()
                let bit: UInt8
                if s.equals(key, "type") {
                    bit = 1
                    guard s.peek() == UInt8(ascii: "\"") else { return false }
                    let value = try s.scanString()
                    isFeature = s.equals(value, "Feature")
                } else if s.equals(key, "geometry") {
                    bit = 2
                    guard fastGeometry(&s, into: &f) else { return false }
                    hasGeometry = true
                } else if s.equals(key, "properties") {
                    bit = 4
                    if s.peek() == UInt8(ascii: "{") {
                        guard try properties(&s, roles, into: &f) else { return false }
                    } else {
                        try s.literal("null")
                    }
                } else if s.equals(key, "id") {
                    bit = 8
                    f.featureID = s.pos
                    try s.skipValue()
                } else {
                    return false  // a foreign member: the generic path keeps its duplicate checks
                }
                if seen & bit != 0 { return false }
                seen |= bit
            } while try s.nextElement(close: UInt8(ascii: "}"), "',' or '}'")
        } catch {
            return false
        }
        s.leave()
        return isFeature && hasGeometry
    }

    /// The properties object at `s.pos`: where the values of the layer's names start; every
    /// other value checked and skipped. False for what the generic path should read (a name
    /// with escapes, a repeated name, more than 16 names).
    private func properties(_ s: inout JSONScanner, _ roles: PropertyRoles, into f: inout FastFeature)
        throws(ReadError) -> Bool
    {
        try s.enter()
        s.pos += 1  // '{'
        s.skipWhitespace()
        if s.peek() == UInt8(ascii: "}") {
            s.pos += 1
            s.leave()
            return true
        }
        repeat {
            s.skipWhitespace()
            let key = try s.scanKey()
            if key.hasEscapes || f.names.count == 16 { return false }
            for name in f.names where s.same(name, key) { return false }
            f.names.append(key)
            try s.expect(UInt8(ascii: ":"), "':' after an object key")
            s.skipWhitespace()
            if let r = roles.role(of: key, in: s) { f.valueAt[r] = s.pos }
            try s.skipValue()
        } while try s.nextElement(close: UInt8(ascii: "}"), "',' or '}' in an object")
        s.leave()
        return true
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

    /// Adds a feature the fast path read, its values read at the offsets noted (`s` is the
    /// scanner of the file); false, adding nothing, when the generic path should read it: a
    /// finding to report, or a value of an unusual kind.
    package func add(_ f: inout FastFeature, _ roles: PropertyRoles, _ s: JSONScanner, to result: inout FileResult)
        -> Bool
    {
        var t = s
        do {
            // group_by: a non-empty string, or a number as JSON.
            let at = f.valueAt[roles.group]
            guard at >= 0 else { return false }
            t.pos = at
            let key: String
            if t.peek() == UInt8(ascii: "\"") {
                key = t.decode(try t.scanString())
                if key.isEmpty { return false }
            } else if t.atNumberStart() {
                key = JSONValue.number(try t.parseNumber()).description
            } else {
                return false
            }
            guard try readSums(&f, roles, &t) else { return false }
            for i in 0..<f.positions.count / 2 {
                let (lng, lat) = (f.positions[2 * i], f.positions[2 * i + 1])
                guard (-90...90).contains(lat), (-180...180).contains(lng) else { return false }
            }
            // `identity`'s rule: the `id` property, else the feature's `id` member.
            var baseID = try identity(at: f.valueAt[roles.id], &t)
            if baseID == nil { baseID = try identity(at: f.featureID, &t) }
            let set = result.set(for: key, sumCount: layer.sum.count)
            let keptFrom = result.sets[set].points.keptBytes.count
            do {
                try appendKept(f, roles, &t, to: &result.sets[set].points.keptBytes)
            } catch {
                // Not reached: every value was checked when its properties were scanned.
                result.sets[set].points.keptBytes.removeSubrange(keptFrom...)
                return false
            }
            let count = f.positions.count / 2
            for i in 0..<count {
                let id = baseID.map { f.multi && count > 1 ? "\($0)#\(i)" : $0 } ?? ""
                result.sets[set].points.append(
                    longitude: f.positions[2 * i], latitude: f.positions[2 * i + 1], id: id, keptFrom: keptFrom,
                    sums: f.sums[...])
            }
            return true
        } catch {
            return false
        }
    }

    /// The id a value gives: a string as it is, a number as JSON; nil when absent or another kind.
    private func identity(at offset: Int, _ t: inout JSONScanner) throws(ReadError) -> String? {
        guard offset >= 0 else { return nil }
        t.pos = offset
        if t.peek() == UInt8(ascii: "\"") { return t.decode(try t.scanString()) }
        if t.atNumberStart() { return JSONValue.number(try t.parseNumber()).description }
        return nil
    }

    /// The feature's sums into `f.sums` (0 for an absent or null one); false when one is not a number.
    private func readSums(_ f: inout FastFeature, _ roles: PropertyRoles, _ t: inout JSONScanner)
        throws(ReadError) -> Bool
    {
        f.sums.removeAll(keepingCapacity: true)
        for r in roles.sums {
            let at = f.valueAt[r]
            guard at >= 0 else {
                f.sums.append(0)
                continue
            }
            t.pos = at
            if t.atNumberStart() {
                f.sums.append(try t.parseNumber())
            } else if t.peek() == UInt8(ascii: "n") {
                f.sums.append(0)  // null (checked when the properties were scanned)
            } else {
                return false
            }
        }
        return true
    }

    /// Appends the feature's kept values as ``PointSet/appendKept(_:)`` writes them.
    private func appendKept(_ f: FastFeature, _ roles: PropertyRoles, _ t: inout JSONScanner, to out: inout [UInt8])
        throws(ReadError)
    {
        for (k, r) in roles.keeps.enumerated() {
            let at = f.valueAt[r]
            guard at >= 0, let prefix = roles.keepPrefixes[k] else { continue }
            out += prefix
            t.pos = at
            if t.peek() == UInt8(ascii: "\"") {
                let raw = try t.scanString()
                if raw.hasEscapes {
                    appendJSONString(t.decode(raw), to: &out)
                } else {
                    // Valid UTF-8 without quotes, backslashes or control bytes: written as read.
                    out.append(UInt8(ascii: "\""))
                    out += t.buf[raw.start..<raw.end]
                    out.append(UInt8(ascii: "\""))
                }
            } else {
                try t.parseValue().appendJSON(to: &out)
            }
        }
    }
}
