/// A style table entry's simplestyle values, checked, with the simplestyle-spec 1.1 defaults
/// for absent keys (stroke `#555555`, width 2, opacity 1; fill `#555555`, opacity 0.6).
struct SimplestylePaint: Equatable {
    var stroke = "#555555"
    var strokeWidth = 2.0
    var strokeOpacity = 1.0
    var fill = "#555555"
    var fillOpacity = 0.6

    /// Reads `properties` of style `name`. Colours must be `#rgb` or `#rrggbb` (what the
    /// simplestyle spec allows, and what every renderer parses alike); opacities numbers in
    /// 0…1, the width a number >= 0.
    init(name: String, properties: JSONObject) throws(MapLibreStyleError) {
        func fail(_ key: String, _ value: JSONValue, _ expected: String) -> MapLibreStyleError {
            MapLibreStyleError("style \(jsonQuoted(name)): \(key) is \(value), expected \(expected)")
        }
        func colour(_ key: String, _ current: String) throws(MapLibreStyleError) -> String {
            guard let value = properties[key] else { return current }
            guard let s = value.stringValue, Self.isHexColour(s) else { throw fail(key, value, "#rgb or #rrggbb") }
            return s
        }
        func number(_ key: String, _ current: Double, _ range: ClosedRange<Double>) throws(MapLibreStyleError)
            -> Double
        {
            guard let value = properties[key] else { return current }
            guard case .number(let d) = value, range.contains(d) else {
                throw fail(key, value, range.upperBound.isInfinite ? "a number >= 0" : "a number from 0 to 1")
            }
            return d
        }
        stroke = try colour("stroke", stroke)
        strokeWidth = try number("stroke-width", strokeWidth, 0...Double.infinity)
        strokeOpacity = try number("stroke-opacity", strokeOpacity, 0...1)
        fill = try colour("fill", fill)
        fillOpacity = try number("fill-opacity", fillOpacity, 0...1)
    }

    static func isHexColour(_ s: String) -> Bool {
        let digits = s.utf8.dropFirst()
        return s.hasPrefix("#") && (digits.count == 3 || digits.count == 6)
            && digits.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & 0xDF) }
    }

    var fillPaint: MapLibreStyle.Paint { .fill(color: fill, opacity: fillOpacity) }
    var linePaint: MapLibreStyle.Paint { .line(color: stroke, width: strokeWidth, opacity: strokeOpacity) }
}
