import Foundation
import TestSupport
import Testing
import ZoneFormats

@testable import CSSColours
@testable import ZoneClientCore
@testable import ZonePipeline

/// ZoneClient reads every colour and style value the pipeline publishes, and only those: its
/// colours (the shared `CSSColour`) and its port of the style value rule agree with
/// `StyleValueRule` and `isMapLibreColour`, word for word in its messages.
@Suite struct ZoneColourRuleTests {
    /// The pipeline's examples (StyleValueRuleTests) and a few more.
    static let examples = [
        "#abc", "#ABCD", "#d7191c", "#D7191Cff", "red", "RebeccaPurple", "transparent", " #fff ", "rgb(255, 0, 0)",
        "rgba(255,0,0,0.5)", "rgb(255 0 0)", "rgb(255 0 0 / 50%)", "rgb(100%, 0%, 50%)", "rgba(0, 0, 0, 40%)",
        "rgb(300, 0, 0)", "hsl(120, 50%, 80%)", "hsla(120deg, 50%, 80%, .9)", "hsl(120 50% 80% / 40%)",
        "rgba(1e2, 0, 0, 1)", "#12345", "#abcde", "#ggg", "#", "", "reddish", "rgb(255, 0)", "rgb(255, 0, 0, 0.5, 1)",
        "rgb(255 0, 0)", "rgb(255 0 0, 0.5)", "rgb(255, 0, 0 / 0.5)", "rgb(100%, 0, 0)", "hsl(120, 50, 80)",
        "hsl(120%, 50%, 80%)", "rgb(a, b, c)", "rgb(255, 0, 0", "rgb(255, 0, 0) x", "url(#fff)", "\u{A0}red\u{2003}",
        "rgb(5., .5, 1e-1)", "hsl(1e400, 10%, 10%)", "rgb(1e400, 0, 0)",
    ]

    @Test func theExamplesReadWhereThePipelineAcceptsThem() {
        for text in Self.examples {
            #expect((ZoneColour.parse(text) != nil) == isMapLibreColour(text), "\(text.debugDescription)")
        }
    }

    /// Random colours, well and badly formed, from the pieces colours are made of: the two agree
    /// on every one.
    @Test func randomTextIsAcceptedByBothOrNeither() {
        let functions = ["rgb(", "rgba(", "hsl(", "hsla(", "RGB(", "hsl( ", "rgb", "rgb(("]
        let numbers = [
            "0", "1", "25", "255", "300", "-5", "1e2", ".5", "5.", "50%", "100%", "0.5", "+3", "1e", "x", "",
        ]
        let separators = [",", ", ", " ", " ,", "  ", "/", " / ", "", "\t"]
        let ends = [")", " )", "", ") x", "))"]
        let words = ["red", "Blue", "transparent", " teal ", "rebeccapurple", "reddish", "gray", "grey1", "#", "#0"]
        var random = SeededRandom(seed: 38)
        func pick(_ pieces: [String]) -> String { pieces[Int(random.next() % UInt64(pieces.count))] }
        var accepted = 0
        for _ in 0..<40_000 {
            var text: String
            switch random.next() % 4 {
            case 0: text = "#" + (0..<Int(random.next() % 10)).map { _ in pick(["0", "7", "a", "F", "g"]) }.joined()
            case 1: text = pick(words)
            default:
                text = pick(functions) + pick(numbers) + (random.next() % 4 == 0 ? "deg" : "")
                for _ in 0..<(2 + Int(random.next() % 3)) { text += pick(separators) + pick(numbers) }
                text += pick(ends)
            }
            let client = ZoneColour.parse(text) != nil
            #expect(client == isMapLibreColour(text), "\(text.debugDescription)")
            if client { accepted += 1 }
        }
        #expect(accepted > 4000, "too few accepted strings to compare: \(accepted)")
    }

    @Test func theSameColourNames() {
        // CSS Color 4's 148 names, and `transparent`, read by both.
        let names = Array(cssNamedColours.keys) + ["transparent"]
        #expect(names.count == 149)
        for name in names {
            #expect(
                isMapLibreColour(name) && ZoneColour.parse(name) != nil && ZoneColour.parse(name.uppercased()) != nil)
        }
    }

    /// A style table value the pipeline's rule refuses is refused with the rule's own words.
    @Test(arguments: [
        ("fill", ZoneFormats.JSONValue.string("reddish")), ("stroke", .string("#12345")),
        ("fill-opacity", .number(1.5)),
        ("stroke-width", .number(-1)), ("stroke-opacity", .string("0.5")), ("stroke", .null), ("fill", .number(1)),
        ("stroke-width", .bool(true)), ("fill-opacity", .array([.number(0.5)])),
    ])
    func refusedWithThePipelinesMessage(_ key: String, _ value: ZoneFormats.JSONValue) throws {
        let problem = try #require(StyleValueRule.problem(key: key, value: value))
        let table = ZoneFormats.JSONValue.object(.init([("a", .object(.init([(key, value)])))])).description
        let error = #expect(throws: ZoneClientError.self) { try ZoneStyle.table(from: Array(table.utf8), key: "t") }
        #expect(error == .badStyle(key: "t", reason: "style \"a\": \(problem)"))
    }

    @Test(arguments: [
        ("fill", ZoneFormats.JSONValue.string("hsl(1, 2%, 3%)")), ("stroke", .string("Teal")),
        ("fill-opacity", .number(0)),
        ("stroke-opacity", .number(1)), ("stroke-width", .number(0)), ("pattern", .string("#12345")),
    ])
    func acceptedAsThePipelineAccepts(_ key: String, _ value: ZoneFormats.JSONValue) throws {
        #expect(StyleValueRule.problem(key: key, value: value) == nil)
        let table = ZoneFormats.JSONValue.object(.init([("a", .object(.init([(key, value)])))])).description
        #expect(try ZoneStyle.table(from: Array(table.utf8))["a"] != nil)
    }
}
