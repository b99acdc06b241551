internal import CSSColours

/// True when MapLibre's style spec parses `input` as a colour (its `parseCssColor`): case and
/// surrounding whitespace ignored, a CSS colour name or `transparent`, `#rgb`, `#rgba`,
/// `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` of three numbers (0-255) or three percentages,
/// `hsl()`/`hsla()` of a hue (optionally `deg`) and two percentages; arguments separated by
/// commas or by spaces, an alpha after a comma (comma form) or a `/` (space form), a number or
/// a percentage. Numbers out of range are clamped there, so they are accepted here. The rule
/// is `CSSColour`'s, which ZoneClient reads published colours with.
public func isMapLibreColour(_ input: String) -> Bool { CSSColour.parse(input) != nil }
