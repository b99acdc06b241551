/// One zone of a city artifact: its style and its rings (exteriors and holes alike).
struct ZoneShape: Sendable {
    /// The feature's `style` property (nil when it has none).
    var style: String?
    /// Positions as x0, y0, x1, y1, …
    var coordinates: [Double] = []
    /// End of each ring, in positions (exclusive).
    var ringEnds: [Int] = []
}

/// Reads a city artifact (a GeoJSON FeatureCollection of Polygon or MultiPolygon features)
/// into its zones; features without geometry are skipped.
enum ArtifactReader {
    static func zones(_ bytes: [UInt8], key: String) throws(ZoneClientError) -> [ZoneShape] {
        let result = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            return Result { () throws(JSONScanner.Failure) -> [ZoneShape] in
                var zones: [ZoneShape] = []
                try scanner.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
                    guard name == "features" else { return try s.skipValue() }
                    try s.elements { (s: inout JSONScanner) throws(JSONScanner.Failure) in
                        if let zone = try feature(&s) { zones.append(zone) }
                    }
                }
                guard scanner.peek() == 0 else { throw scanner.fail("data after the FeatureCollection") }
                return zones
            }
        }
        switch result {
        case .success(let zones): return zones
        case .failure(let failure): throw .badArtifact(key: key, reason: "byte \(failure.offset): \(failure.message)")
        }
    }

    private static func feature(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> ZoneShape? {
        var zone = ZoneShape()
        var hasGeometry = false
        try s.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
            switch name {
            case "properties":
                if s.acceptNull() { return }
                try s.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
                    if name == "style", s.peek() == UInt8(ascii: "\"") {
                        zone.style = try s.string()
                    } else {
                        try s.skipValue()
                    }
                }
            case "geometry":
                if s.acceptNull() { return }
                try s.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
                    switch name {
                    case "type":
                        let type = try s.string()
                        guard type == "Polygon" || type == "MultiPolygon" else { throw s.fail("geometry type \(type)") }
                    case "coordinates":
                        _ = try positions(&s, into: &zone)
                        hasGeometry = true
                    default: try s.skipValue()
                    }
                }
            default: try s.skipValue()
            }
        }
        return hasGeometry && !zone.ringEnds.isEmpty ? zone : nil
    }

    /// Reads nested coordinate arrays; an array of positions ends a ring. Returns true when the
    /// array read was a position.
    private static func positions(_ s: inout JSONScanner, into zone: inout ZoneShape) throws(JSONScanner.Failure)
        -> Bool
    {
        try s.expect(UInt8(ascii: "["))
        let next = s.peek()
        if next == UInt8(ascii: "-") || (0x30...0x39).contains(next) {
            zone.coordinates.append(try s.number())
            try s.expect(UInt8(ascii: ","))
            zone.coordinates.append(try s.number())
            while s.accept(UInt8(ascii: ",")) { _ = try s.number() }  // altitude
            try s.expect(UInt8(ascii: "]"))
            return true
        }
        var ofPositions = false
        if !s.accept(UInt8(ascii: "]")) {
            repeat { ofPositions = try positions(&s, into: &zone) } while s.accept(UInt8(ascii: ","))
            try s.expect(UInt8(ascii: "]"))
        }
        if ofPositions {
            guard zone.coordinates.count / 2 - (zone.ringEnds.last ?? 0) >= 4 else {
                throw s.fail("ring of < 4 positions")
            }
            zone.ringEnds.append(zone.coordinates.count / 2)
        }
        return false
    }
}
