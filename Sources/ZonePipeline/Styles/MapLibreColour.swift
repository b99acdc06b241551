import Foundation

/// True when MapLibre's style spec parses `input` as a colour (its `parseCssColor`): case and
/// surrounding whitespace ignored, a CSS colour name or `transparent`, `#rgb`, `#rgba`,
/// `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` of three numbers (0-255) or three percentages,
/// `hsl()`/`hsla()` of a hue (optionally `deg`) and two percentages; arguments separated by
/// commas or by spaces, an alpha after a comma (comma form) or a `/` (space form), a number or
/// a percentage. Numbers out of range are clamped there, so they are accepted here.
public func isMapLibreColour(_ input: String) -> Bool {
    let text = input.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    let s = Array(text.unicodeScalars)
    if cssColourNames.contains(text) { return true }
    if s.first == "#" {
        let digits = s.dropFirst()
        return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy { $0.properties.isASCIIHexDigit }
    }
    var p = ColourArguments(scalars: s)
    if p.take("rgba(") || p.take("rgb(") {
        guard let r = p.number(), let sep1 = p.separator(), let g = p.number(), let sep2 = p.separator(),
            let b = p.number(), p.alphaAndClose(after: sep1 == sep2 ? sep1 : nil)
        else { return false }
        return r.percent == g.percent && g.percent == b.percent
    }
    if p.take("hsla(") || p.take("hsl(") {
        guard let hue = p.number(), !hue.percent else { return false }
        _ = p.take("deg")
        guard let sep1 = p.separator(), let sat = p.number(), let sep2 = p.separator(), let light = p.number(),
            p.alphaAndClose(after: sep1 == sep2 ? sep1 : nil)
        else { return false }
        return sat.percent && light.percent
    }
    return false
}

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

    /// An optional alpha (after `,` when `separator` is `,`, after `/` when it is a space),
    /// then `)` and the end.
    mutating func alphaAndClose(after separator: Character?) -> Bool {
        guard let separator else { return false }
        _ = skipSpace()
        if take(separator == "," ? "," : "/") {
            _ = skipSpace()
            guard number() != nil else { return false }
            _ = skipSpace()
        }
        return take(")") && pos == scalars.count
    }
}
