import Foundation
import Testing
import ZoneClient

/// Colours read as MapLibre's style spec reads them (`parseCssColor`): the syntaxes the
/// pipeline's style value rule accepts (zonectlTests' ZoneColourRuleTests compares the two).
@Suite struct ZoneColourTests {
    /// `(css, red, green, blue, alpha)`, components in 0…255 except alpha in 0…1.
    @Test(arguments: [
        ("#abc", 0xAA, 0xBB, 0xCC, 1.0), ("#ABCD", 0xAA, 0xBB, 0xCC, Double(0xDD) / 255),
        ("#d7191c", 0xD7, 0x19, 0x1C, 1), ("#D7191C80", 0xD7, 0x19, 0x1C, Double(0x80) / 255),
        ("red", 255, 0, 0, 1), ("RebeccaPurple", 0x66, 0x33, 0x99, 1), ("transparent", 0, 0, 0, 0),
        (" #fff\n", 255, 255, 255, 1), ("grey", 128, 128, 128, 1), ("green", 0, 128, 0, 1),
        ("rgb(255, 0, 0)", 255, 0, 0, 1), ("rgba(10,20,30,0.5)", 10, 20, 30, 0.5), ("rgb(10 20 30)", 10, 20, 30, 1),
        ("rgb(10 20 30 / 50%)", 10, 20, 30, 0.5), ("rgb(100%, 0%, 50%)", 255, 0, 127.5, 1),
        ("rgba(0, 0, 0, 40%)", 0, 0, 0, 0.4), ("rgb(300, -5, 0)", 255, 0, 0, 1), ("rgba(1e2, 0, 0, 2)", 100, 0, 0, 1),
        ("hsl(120, 100%, 50%)", 0, 255, 0, 1), ("hsl(0 100% 50%)", 255, 0, 0, 1),
        ("hsl(240, 100%, 25%)", 0, 0, 127.5, 1), ("hsla(120deg, 50%, 80%, .9)", 178.5, 229.5, 178.5, 0.9),
        ("hsl(-120, 100%, 50%)", 0, 0, 255, 1), ("hsl(480 100% 50% / 40%)", 0, 255, 0, 0.4),
        ("hsl(0, 0%, 150%)", 255, 255, 255, 1),
    ])
    func readsAsMapLibreDoes(_ css: String, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) throws {
        let colour = try #require(ZoneColour.parse(css))
        #expect(abs(colour.red * 255 - red) < 1e-9, "\(css): red \(colour.red * 255)")
        #expect(abs(colour.green * 255 - green) < 1e-9, "\(css): green \(colour.green * 255)")
        #expect(abs(colour.blue * 255 - blue) < 1e-9, "\(css): blue \(colour.blue * 255)")
        #expect(abs(colour.alpha - alpha) < 1e-9, "\(css): alpha \(colour.alpha)")
        #expect(colour.css == css, "kept as written")
        #expect(ZoneColour(css: css) == colour)
    }

    @Test(arguments: [
        "#12345", "#abcde", "#ggg", "#", "", "reddish", "rgb(255, 0)", "rgb(255, 0, 0, 0.5, 1)",
        "rgb(255 0, 0)", "rgb(255 0 0, 0.5)", "rgb(255, 0, 0 / 0.5)", "rgb(100%, 0, 0)", "hsl(120, 50, 80)",
        "hsl(120%, 50%, 80%)", "rgb(a, b, c)", "rgb(255, 0, 0", "rgb(255, 0, 0) x", "url(#fff)", "rgb(1e, 0, 0)",
        "rgb(+-1, 0, 0)",
    ])
    func whatMapLibreDoesNotReadIsNil(_ css: String) {
        #expect(ZoneColour.parse(css) == nil)
        #expect(ZoneColour(css: css) == nil)
    }

    /// One colour however written; the text stays as written.
    @Test func equalByComponents() throws {
        let spellings = ["red", "#f00", "#FF0000", "rgb(255, 0, 0)", "rgba(100%, 0%, 0%, 1)", "hsl(0, 100%, 50%)"]
        let colours = try spellings.map { try #require(ZoneColour.parse($0)) }
        for colour in colours { #expect(colour == colours[0]) }
        #expect(colours.map(\.css) == spellings)
        #expect(ZoneColour.parse("#ff000080") != colours[0])
    }

    /// A colour made from components is written as `rgba()`, which reads back to the same colour.
    @Test func componentsWriteRGBAThatReadsBack() throws {
        let colour = ZoneColour(red: 1, green: 0.5, blue: -3, alpha: 0.25)
        #expect(colour.css == "rgba(255, 127.5, 0, 0.25)")
        #expect(colour.blue == 0)
        #expect(try #require(ZoneColour.parse(colour.css)) == colour)
        #expect(ZoneColour.simplestyleGrey == ZoneColour.parse("#555555"))
        #expect(ZoneColour.simplestyleGrey.css == "#555555")
    }

    /// Codable keeps components and text.
    @Test func codableRoundTrip() throws {
        let colour = try #require(ZoneColour.parse("hsla(200, 40%, 30%, 0.5)"))
        let style = ZoneStyle(fill: colour, fillOpacity: 0.3, strokeWidth: 4)
        let decoded = try JSONDecoder().decode(ZoneStyle.self, from: JSONEncoder().encode(style))
        #expect(decoded == style)
        #expect(decoded.fill.css == colour.css)
    }
}
