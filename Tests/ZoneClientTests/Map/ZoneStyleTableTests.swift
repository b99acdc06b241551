import Testing
import ZoneClient

/// The published style table read into ``ZoneStyle``s, with the simplestyle defaults and the
/// pipeline's value rule.
@Suite struct ZoneStyleTableTests {
    static let colourRule =
        "a colour (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a CSS colour name)"

    func table(_ json: String) throws(ZoneClientError) -> [String: ZoneStyle] {
        try ZoneStyle.table(from: Array(json.utf8), key: "styles/t.json")
    }

    @Test func valuesAndDefaults() throws {
        let table = try table(
            ##"{"no-parking":{"stroke":"#d7191c","stroke-width":3,"stroke-opacity":0.9,"fill":"#fdae61","fill-opacity":0.5},"##
                + #""parking":{"fill":"hsl(120, 50%, 40%)","note":[1,{"x":null}],"stroke-width":0},"slow":{}}"#)
        #expect(table.keys.sorted() == ["no-parking", "parking", "slow"])
        let noParking = try #require(table["no-parking"])
        #expect(noParking.stroke == ZoneColour(red: 0xD7 / 255.0, green: 0x19 / 255.0, blue: 0x1C / 255.0))
        #expect(noParking.stroke.css == "#d7191c")
        #expect(noParking.strokeWidth == 3)
        #expect(noParking.strokeOpacity == 0.9)
        #expect(noParking.fill.css == "#fdae61")
        #expect(noParking.fillOpacity == 0.5)
        let parking = try #require(table["parking"])
        #expect(parking.fill == ZoneColour.parse("hsl(120, 50%, 40%)"))
        #expect(parking.strokeWidth == 0)
        // simplestyle-spec 1.1 defaults for what the entry does not have.
        #expect(parking.stroke.css == "#555555")
        #expect(parking.strokeOpacity == 1)
        #expect(parking.fillOpacity == 0.6)
        #expect(table["slow"] == ZoneStyle())
        #expect(ZoneStyle().fill == ZoneColour(red: 85 / 255.0, green: 85 / 255.0, blue: 85 / 255.0))
        #expect(ZoneStyle().strokeWidth == 2)
    }

    /// The pipeline's messages, word for word (StyleValueRule.problem, after `style "<name>": `).
    @Test(arguments: [
        (#""fill":"reddish""#, #"fill is "reddish", expected \#(colourRule)"#),
        (##""stroke":"#12345""##, ##"stroke is "#12345", expected \##(colourRule)"##),
        (#""fill":1"#, "fill is 1, expected \(colourRule)"),
        (#""stroke":null"#, "stroke is null, expected \(colourRule)"),
        (#""fill-opacity":7"#, "fill-opacity is 7, expected a number from 0 to 1"),
        (#""fill-opacity":"0.5""#, #"fill-opacity is "0.5", expected a number from 0 to 1"#),
        (#""stroke-opacity":-0.1"#, "stroke-opacity is -0.1, expected a number from 0 to 1"),
        (#""stroke-width":-3"#, "stroke-width is -3, expected a number >= 0"),
        (#""stroke-width":"2""#, #"stroke-width is "2", expected a number >= 0"#),
        (#""stroke-width":true"#, "stroke-width is true, expected a number >= 0"),
    ])
    func aValueThatBreaksTheRuleIsRefused(_ member: String, _ problem: String) {
        let error = #expect(throws: ZoneClientError.self) { try table(#"{"ok":{},"no\"parking":{\#(member)}}"#) }
        #expect(error == .badStyle(key: "styles/t.json", reason: #"style "no\"parking": "# + problem))
        #expect(error?.description == #"styles/t.json: style "no\"parking": "# + problem)
    }

    @Test(arguments: [
        ("[]", "byte 0: not a JSON object of styles"), (#"{"a":[]}"#, #"byte 5: style "a" is not an object"#),
        (#"{"a":{}} x"#, "byte 9: data after the style table"), (#"{"a":{"#, "byte 6: expected '\"'"),
    ])
    func notATableIsRefused(_ json: String, _ reason: String) {
        let error = #expect(throws: ZoneClientError.self) { try table(json) }
        #expect(error == .badStyle(key: "styles/t.json", reason: reason))
    }
}
