internal import Foundation

/// A CSS colour read as MapLibre's style spec reads it (its `parseCssColor`): the one rule by
/// which the pipeline accepts a style value (`isMapLibreColour`) and the client reads it
/// (`ZoneColour.parse`). Components in 0…1.
package struct CSSColour: Sendable, Equatable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    /// The colour `text` writes, or nil when MapLibre would not read it. Case and surrounding
    /// whitespace are ignored. Accepted: a CSS Color 4 name or `transparent`; `#rgb`, `#rgba`,
    /// `#rrggbb`, `#rrggbbaa`; `rgb()`/`rgba()` of three numbers (0–255) or three percentages;
    /// `hsl()`/`hsla()` of a hue (optionally `deg`) and two percentages. Arguments are separated
    /// by commas or by spaces, an alpha follows a comma (comma form) or a `/` (space form), as a
    /// number or a percentage. Values out of range are clamped, as MapLibre does.
    package static func parse(_ text: String) -> CSSColour? {
        let trimmed = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        let s = Array(trimmed.unicodeScalars)
        func colour(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> CSSColour {
            CSSColour(red: r, green: g, blue: b, alpha: a)
        }
        if trimmed == "transparent" { return colour(0, 0, 0, 0) }
        if let rgb = cssNamedColours[trimmed] {
            return colour(Double(rgb >> 16) / 255, Double(rgb >> 8 & 0xFF) / 255, Double(rgb & 0xFF) / 255, 1)
        }
        if s.first == "#" { return hex(s.dropFirst()).map { colour($0[0], $0[1], $0[2], $0[3]) } }
        var p = ColourArguments(scalars: s)
        if p.take("rgba(") || p.take("rgb(") {
            guard let r = p.number(), let sep1 = p.separator(), let g = p.number(), let sep2 = p.separator(),
                let b = p.number(), let alpha = p.alphaAndClose(after: sep1 == sep2 ? sep1 : nil),
                r.percent == g.percent, g.percent == b.percent
            else { return nil }
            let scale = r.percent ? 100.0 : 255.0
            return colour(clamp(r.value / scale), clamp(g.value / scale), clamp(b.value / scale), alpha)
        }
        if p.take("hsla(") || p.take("hsl(") {
            guard let hue = p.number(), !hue.percent else { return nil }
            _ = p.take("deg")
            guard let sep1 = p.separator(), let sat = p.number(), let sep2 = p.separator(), let light = p.number(),
                let alpha = p.alphaAndClose(after: sep1 == sep2 ? sep1 : nil), sat.percent, light.percent
            else { return nil }
            let (r, g, b) = hslToRGB(hue.value, clamp(sat.value / 100), clamp(light.value / 100))
            return colour(r, g, b, alpha)
        }
        return nil
    }

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (without `#`) as four components.
    private static func hex(_ digits: ArraySlice<Unicode.Scalar>) -> [Double]? {
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.properties.isASCIIHexDigit }) else {
            return nil
        }
        let values = digits.compactMap { Int(String($0), radix: 16) }
        let step = digits.count < 6 ? 1 : 2
        var out: [Double] = []
        for start in stride(from: 0, to: values.count, by: step) {
            // A single digit d stands for dd.
            out.append(Double(step == 1 ? values[start] * 17 : values[start] * 16 + values[start + 1]) / 255)
        }
        return out.count == 3 ? out + [1] : out
    }

    /// MapLibre's `hslToRgb`: saturation and lightness in 0…1, the hue in degrees taken modulo
    /// 360 first, as CSS and MapLibre Native do (an infinite hue as 0).
    private static func hslToRGB(_ hue: Double, _ s: Double, _ l: Double) -> (Double, Double, Double) {
        let turn = hue.isFinite ? hue.truncatingRemainder(dividingBy: 360) : 0
        let h = turn < 0 ? turn + 360 : turn
        let a = s * min(l, 1 - l)
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }
}

/// `x` within 0…1 (NaN cannot reach here: the arguments are finite or infinite numbers).
private func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }

/// The arguments of an `rgb()`/`hsl()` colour, read as MapLibre's patterns read them.
private struct ColourArguments {
    let scalars: [Unicode.Scalar]
    var pos = 0

    /// Consumes `word` if it comes next.
    mutating func take(_ word: String) -> Bool {
        let w = Array(word.unicodeScalars)
        guard scalars.count - pos >= w.count, Array(scalars[pos..<pos + w.count]) == w else { return false }
        pos += w.count
        return true
    }

    mutating func skipSpace() -> Bool {
        let start = pos
        while pos < scalars.count, scalars[pos].properties.isWhitespace { pos += 1 }
        return pos > start
    }

    /// A run of digits, `e`, `.`, `+` and `-` that reads as a number, and a `%` after it.
    mutating func number() -> (value: Double, percent: Bool)? {
        let start = pos
        while pos < scalars.count, "0123456789e.+-".unicodeScalars.contains(scalars[pos]) { pos += 1 }
        guard pos > start, let value = Double(String(String.UnicodeScalarView(scalars[start..<pos]))),
            !value.isNaN
        else { return nil }
        return (value, take("%"))
    }

    /// `,` (spaces around it allowed) or spaces.
    mutating func separator() -> Character? {
        let spaced = skipSpace()
        if take(",") {
            _ = skipSpace()
            return ","
        }
        return spaced ? " " : nil
    }

    /// The alpha (1 when absent; after `,` when `separator` is `,`, after `/` when it is a space;
    /// a percentage divided by 100; clamped to 0…1), then `)` and the end; nil when they do not
    /// follow.
    mutating func alphaAndClose(after separator: Character?) -> Double? {
        guard let separator else { return nil }
        _ = skipSpace()
        var alpha = 1.0
        if take(separator == "," ? "," : "/") {
            _ = skipSpace()
            guard let a = number() else { return nil }
            alpha = clamp(a.percent ? a.value / 100 : a.value)
            _ = skipSpace()
        }
        return take(")") && pos == scalars.count ? alpha : nil
    }
}
