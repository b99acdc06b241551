import ZoneFormats

/// What a style value must be, for the style keys the simplestyle spec defines for polygons:
/// the one rule `zonectl validate` and the build (pipeline.yml's definitions and every feature's
/// values) apply. ZoneClient reads the published style table by the same colour rule (the
/// shared `CSSColour`) and its own port of the rest (`ZoneStyle.table`; zonectlTests'
/// ZoneColourRuleTests compares the two). Other style keys (`styles.keys`) may hold any JSON value.
public enum StyleValueRule: Sendable, Equatable {
    /// A colour as MapLibre parses it (``isMapLibreColour(_:)``).
    case colour
    /// A JSON number from 0 to 1.
    case opacity
    /// A JSON number >= 0.
    case width

    /// The rule of `key`; nil for a key without one.
    public init?(key: String) {
        switch key {
        case "fill", "stroke": self = .colour
        case "fill-opacity", "stroke-opacity": self = .opacity
        case "stroke-width": self = .width
        default: return nil
        }
    }

    /// What the rule expects, as messages say it.
    public var expected: String {
        switch self {
        case .colour: "a colour (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a CSS colour name)"
        case .opacity: "a number from 0 to 1"
        case .width: "a number >= 0"
        }
    }

    /// True when `value` follows the rule.
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.colour, .string(let s)): isMapLibreColour(s)
        case (.opacity, .number(let d)): (0...1).contains(d)
        case (.width, .number(let d)): d >= 0 && d.isFinite
        default: false
        }
    }

    /// `<key> is <value>, expected …` when `value` breaks the rule of `key`; nil otherwise.
    public static func problem(key: String, value: JSONValue) -> String? {
        guard let rule = StyleValueRule(key: key), !rule.accepts(value) else { return nil }
        return "\(key) is \(value), expected \(rule.expected)"
    }
}
