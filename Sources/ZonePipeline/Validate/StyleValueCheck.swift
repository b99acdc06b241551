import ZoneFormats

/// The style values of a file's features against ``StyleValueRule``, each bad value reported
/// where it stands (`file:line:col` of the value): once per file, at its first feature, with
/// how many more features carry it.
///
/// Equal property sets of a file share one storage (``GeoJSONParser/trimmed(_:)``), so a set
/// is checked once, however many features repeat it.
struct StyleValueCheck {
    let text: SourceText
    /// The style keys that have a rule.
    let keys: [String]
    /// Property sets seen, by storage (the object is kept, so its address is not reused), and
    /// the reports of their bad values.
    private var seen: [UInt: (properties: JSONObject, reports: [Int])] = [:]
    private var last: (identity: UInt, reports: [Int])?
    /// Bad values: where first seen, and on how many features.
    private var reports: [(location: SourceLocation, problem: String, features: Int)] = []
    private var reportOf: [String: Int] = [:]

    init(text: SourceText, styleKeys: [String]) {
        self.text = text
        keys = styleKeys.filter { StyleValueRule(key: $0) != nil }
    }

    /// Checks one feature's style values (features in source order).
    mutating func check(_ feature: Feature) {
        let identity = feature.properties.storageIdentity
        if let last, last.identity == identity {
            count(last.reports)
            return
        }
        if let known = seen[identity] {
            last = (identity, known.reports)
            count(known.reports)
            return
        }
        var found: [Int] = []
        for key in keys {
            guard let value = feature.properties[key],
                let problem = StyleValueRule.problem(key: key, value: value).map({ "style value " + $0 })
            else { continue }
            if let report = reportOf[problem] {
                found.append(report)
            } else {
                reportOf[problem] = reports.count
                found.append(reports.count)
                reports.append((location(of: key, in: feature), problem, 0))
            }
        }
        seen[identity] = (feature.properties, found)
        last = (identity, found)
        count(found)
    }

    private mutating func count(_ found: [Int]) {
        for i in found { reports[i].features += 1 }
    }

    /// The findings, one per bad value.
    var diagnostics: [Diagnostic] {
        reports.map { r in
            let more = r.features - 1
            return .error(
                r.location,
                r.problem + (more > 0 ? " (and \(plural(more, "more feature")) of this file)" : ""))
        }
    }

    /// Where the value of `properties.<key>` of `feature` starts; the feature's place if the
    /// text cannot be walked there.
    private func location(of key: String, in feature: Feature) -> SourceLocation {
        let offset = text.bytes.withUnsafeBufferPointer { buf -> Int? in
            var s = JSONScanner(buf)
            s.pos = feature.offset
            return try? Self.memberValue(key, of: "properties", scanner: &s)
        }
        return offset.map(text.location(ofByte:)) ?? feature.location
    }

    /// The offset of `object.<key>`'s value in the object at the scanner (nil if absent).
    private static func memberValue(_ key: String, of object: String, scanner s: inout JSONScanner)
        throws(ReadError) -> Int?
    {
        guard let outer = try member(object, scanner: &s), s.buf[outer] == UInt8(ascii: "{") else { return nil }
        s.pos = outer
        return try member(key, scanner: &s)
    }

    /// The offset of member `name`'s value in the object at the scanner.
    private static func member(_ name: String, scanner s: inout JSONScanner) throws(ReadError) -> Int? {
        try s.expect(UInt8(ascii: "{"), "'{'")
        s.skipWhitespace()
        if s.peek() == UInt8(ascii: "}") { return nil }
        repeat {
            s.skipWhitespace()
            let raw = try s.scanKey()
            try s.expect(UInt8(ascii: ":"), "':'")
            s.skipWhitespace()
            if s.decode(raw) == name { return s.pos }
            try s.skipValue()
        } while try s.nextElement(close: UInt8(ascii: "}"), "',' or '}'")
        return nil
    }
}
