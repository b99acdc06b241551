internal import Foundation

extension ZoneLayer {
    /// A city's layers, in draw order (``drawOrder(_:priority:)``), from its artifact's decoded
    /// `content` (a FeatureCollection with a `style` property on each feature).
    ///
    /// Each layer's ``geoJSON`` is a FeatureCollection of the features of its style, their bytes
    /// copied from the artifact unchanged (coordinates are never parsed and printed again).
    /// Features without a `style` belong to no layer: nothing says how to draw them, and the
    /// MapLibre style does not draw them either. A style the table lacks is an error, as is
    /// content that is not a FeatureCollection. `key` names the artifact in errors.
    public static func layers(
        city: String, artifact content: [UInt8], key: String, styles: [String: ZoneStyle], priority: [String]
    ) throws(ZoneClientError) -> [ZoneLayer] {
        let features = try FeatureRanges.read(content, key: key)
        var byStyle: [String: [Range<Int>]] = [:]
        for feature in features {
            if let style = feature.style { byStyle[style, default: []].append(feature.range) }
        }
        return try drawOrder(byStyle.keys, priority: priority).map { (name) throws(ZoneClientError) in
            guard let zoneStyle = styles[name] else {
                throw .badArtifact(key: key, reason: "style \(jsonQuoted(name)) is not in the style table")
            }
            var json = Data(#"{"type":"FeatureCollection","features":["#.utf8)
            for (i, range) in (byStyle[name] ?? []).enumerated() {
                if i > 0 { json.append(UInt8(ascii: ",")) }
                json.append(contentsOf: content[range])
            }
            json.append(contentsOf: "]}".utf8)
            return ZoneLayer(city: city, style: name, zoneStyle: zoneStyle, geoJSON: json)
        }
    }
}

/// Where each feature of a FeatureCollection lies in its bytes, and its `style` property.
enum FeatureRanges {
    static func read(_ bytes: [UInt8], key: String) throws(ZoneClientError) -> [(range: Range<Int>, style: String?)] {
        let result = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            return Result { () throws(JSONScanner.Failure) -> [(range: Range<Int>, style: String?)] in
                var features: [(range: Range<Int>, style: String?)] = []
                var type: String?
                try scanner.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
                    switch name {
                    case "type": type = try s.string()
                    case "features":
                        try s.elements { (s: inout JSONScanner) throws(JSONScanner.Failure) in
                            _ = s.peek()
                            let start = s.position
                            let style = try featureStyle(&s)
                            features.append((start..<s.position, style))
                        }
                    default: try s.skipValue()
                    }
                }
                guard scanner.peek() == 0 else { throw scanner.fail("data after the FeatureCollection") }
                guard type == "FeatureCollection" else { throw Failure(offset: 0, message: "not a FeatureCollection") }
                return features
            }
        }
        switch result {
        case .success(let features): return features
        case .failure(let failure): throw .badArtifact(key: key, reason: "byte \(failure.offset): \(failure.message)")
        }
    }

    private typealias Failure = JSONScanner.Failure

    /// Reads one feature object; its `properties.style` when that is a string.
    private static func featureStyle(_ s: inout JSONScanner) throws(Failure) -> String? {
        var style: String?
        try s.members { (s: inout JSONScanner, name: String) throws(Failure) in
            guard name == "properties" else { return try s.skipValue() }
            if s.acceptNull() { return }
            try s.members { (s: inout JSONScanner, name: String) throws(Failure) in
                if name == "style", s.peek() == UInt8(ascii: "\"") { style = try s.string() } else { try s.skipValue() }
            }
        }
        return style
    }
}
