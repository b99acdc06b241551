internal import CSSColours

/// Reading CSS colours as MapLibre's style spec does, by the rule the pipeline's style value
/// rule accepts them with (`CSSColour`, shared), so every colour of a published style table
/// reads here.
extension ZoneColour {
    /// The colour `text` writes, or nil when MapLibre would not read it. Case and surrounding
    /// whitespace are ignored. Accepted: a CSS Color 4 name or `transparent`; `#rgb`, `#rgba`,
    /// `#rrggbb`, `#rrggbbaa`; `rgb()`/`rgba()` of three numbers (0–255) or three percentages;
    /// `hsl()`/`hsla()` of a hue (optionally `deg`) and two percentages. Arguments are separated
    /// by commas or by spaces, an alpha follows a comma (comma form) or a `/` (space form), as a
    /// number or a percentage. Values out of range are clamped, as MapLibre does. MapLibre Native
    /// (mapli 0.4.1 here) reads an older syntax: no space forms, no `rebeccapurple`, `1e2` read
    /// as 1; what it draws is checked on comma forms and names (StyleCacheRenderTests).
    public static func parse(_ text: String) -> ZoneColour? {
        CSSColour.parse(text).map {
            ZoneColour(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha, css: text)
        }
    }
}
