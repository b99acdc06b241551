/// A style table entry's simplestyle values, checked, with the simplestyle-spec 1.1 defaults
/// for absent keys (stroke `#555555`, width 2, opacity 1; fill `#555555`, opacity 0.6).
struct SimplestylePaint: Equatable {
    var stroke = "#555555"
    var strokeWidth = 2.0
    var strokeOpacity = 1.0
    var fill = "#555555"
    var fillOpacity = 0.6

    /// Reads `properties` of style `name`, each value checked by ``StyleValueRule`` (what
    /// validation and the build check too).
    init(name: String, properties: JSONObject) throws(MapLibreStyleError) {
        for (key, value) in properties.members {
            if let problem = StyleValueRule.problem(key: key, value: value) {
                throw MapLibreStyleError("style \(jsonQuoted(name)): \(problem)")
            }
        }
        func colour(_ key: String, _ current: String) -> String { properties[key]?.stringValue ?? current }
        func number(_ key: String, _ current: Double) -> Double {
            if case .number(let d)? = properties[key] { return d }
            return current
        }
        stroke = colour("stroke", stroke)
        strokeWidth = number("stroke-width", strokeWidth)
        strokeOpacity = number("stroke-opacity", strokeOpacity)
        fill = colour("fill", fill)
        fillOpacity = number("fill-opacity", fillOpacity)
    }

    var fillPaint: MapLibreStyle.Paint { .fill(color: fill, opacity: fillOpacity) }
    var linePaint: MapLibreStyle.Paint { .line(color: stroke, width: strokeWidth, opacity: strokeOpacity) }
}
