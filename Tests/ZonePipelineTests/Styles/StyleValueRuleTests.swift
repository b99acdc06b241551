import Testing
import ZoneFormats

@testable import ZonePipeline

/// The style value rule shared by validation, the build and `zonectl style`.
@Suite struct StyleValueRuleTests {
    /// What MapLibre's colour parser (style spec `parseCssColor`) accepts.
    @Test(arguments: [
        "#abc", "#ABCD", "#d7191c", "#D7191Cff", "red", "RebeccaPurple", "transparent", " #fff ",
        "rgb(255, 0, 0)", "rgba(255,0,0,0.5)", "rgb(255 0 0)", "rgb(255 0 0 / 50%)", "rgb(100%, 0%, 50%)",
        "rgba(0, 0, 0, 40%)", "rgb(300, 0, 0)", "hsl(120, 50%, 80%)", "hsla(120deg, 50%, 80%, .9)",
        "hsl(120 50% 80% / 40%)", "rgba(1e2, 0, 0, 1)",
    ])
    func coloursMapLibreParsesPass(_ colour: String) {
        #expect(isMapLibreColour(colour))
        #expect(StyleValueRule.problem(key: "fill", value: .string(colour)) == nil)
    }

    @Test(arguments: [
        "#12345", "#abcde", "#ggg", "#", "", "reddish", "rgb(255, 0)", "rgb(255, 0, 0, 0.5, 1)",
        "rgb(255 0, 0)", "rgb(255 0 0, 0.5)", "rgb(255, 0, 0 / 0.5)", "rgb(100%, 0, 0)", "hsl(120, 50, 80)",
        "hsl(120%, 50%, 80%)", "rgb(a, b, c)", "rgb(255, 0, 0", "rgb(255, 0, 0) x", "url(#fff)",
    ])
    func otherColoursAreRefused(_ colour: String) {
        #expect(!isMapLibreColour(colour))
        #expect(
            StyleValueRule.problem(key: "stroke", value: .string(colour))
                == "stroke is \(JSONValue.string(colour)), expected \(StyleValueRule.colour.expected)")
    }

    @Test(arguments: [
        ("fill-opacity", JSONValue.number(7), "fill-opacity is 7, expected a number from 0 to 1"),
        ("fill-opacity", .string("0.5"), "fill-opacity is \"0.5\", expected a number from 0 to 1"),
        ("stroke-opacity", .number(-0.1), "stroke-opacity is -0.1, expected a number from 0 to 1"),
        ("stroke-width", .number(-3), "stroke-width is -3, expected a number >= 0"),
        ("stroke-width", .string("2"), "stroke-width is \"2\", expected a number >= 0"),
        ("fill", .number(1), "fill is 1, expected \(StyleValueRule.colour.expected)"),
        ("stroke", .null, "stroke is null, expected \(StyleValueRule.colour.expected)"),
    ])
    func badNumbersAndTypesAreRefused(_ key: String, _ value: JSONValue, _ message: String) {
        #expect(StyleValueRule.problem(key: key, value: value) == message)
    }

    @Test func numbersInRangeAndKeysWithoutARulePass() {
        for (key, value) in [("fill-opacity", 0.0), ("fill-opacity", 1), ("stroke-opacity", 0.5), ("stroke-width", 0)] {
            #expect(StyleValueRule.problem(key: key, value: .number(value)) == nil)
        }
        #expect(StyleValueRule.problem(key: "pattern", value: .string("#12345")) == nil)
    }
}
