/// A colour of the style table: red, green, blue and alpha from 0 to 1 (not premultiplied), and
/// the CSS text it was read from, which a MapLibre style is given as written.
///
/// Two colours are equal when their components are, however they are written (`red`,
/// `#ff0000` and `rgb(255, 0, 0)` are one colour).
public struct ZoneColour: Sendable, Codable, CustomStringConvertible {
    /// Red, 0…1.
    public let red: Double
    /// Green, 0…1.
    public let green: Double
    /// Blue, 0…1.
    public let blue: Double
    /// Opacity of the colour itself, 0…1 (a style's `fill-opacity` multiplies it).
    public let alpha: Double
    /// The colour as CSS text: as the style table writes it, or `rgba()` of the components.
    public let css: String

    /// A colour of the components given, each clamped to 0…1; its ``css`` is `rgba()` of them.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        let clamped = [red, green, blue, alpha].map { $0.isNaN ? 0 : min(max($0, 0), 1) }
        let channels = clamped.prefix(3).map { Self.decimal($0 * 255) }
        self.init(
            red: clamped[0], green: clamped[1], blue: clamped[2], alpha: clamped[3],
            css: "rgba(\(channels.joined(separator: ", ")), \(Self.decimal(clamped[3])))")
    }

    /// The colour `css` names, read as MapLibre reads colours (see ``ZoneColour/parse(_:)``);
    /// nil when MapLibre would not read it.
    public init?(css: String) {
        guard let colour = Self.parse(css) else { return nil }
        self = colour
    }

    init(red: Double, green: Double, blue: Double, alpha: Double, css: String) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.css = css
    }

    /// The simplestyle-spec default of `fill` and `stroke`: `#555555`.
    public static let simplestyleGrey = ZoneColour(
        red: 85.0 / 255, green: 85.0 / 255, blue: 85.0 / 255, alpha: 1, css: "#555555")

    /// The CSS text.
    public var description: String { css }

    /// `x` without a fraction when it is whole (`255`, not `255.0`).
    private static func decimal(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }
}

extension ZoneColour: Equatable {
    /// True when the components are equal, whatever the CSS text.
    public static func == (a: ZoneColour, b: ZoneColour) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }
}
