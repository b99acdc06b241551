import Testing

@testable import ZonePipeline

/// Names from the data, made safe to print on a terminal.
@Suite struct TerminalTextTests {
    @Test func controlCharactersAreEscaped() {
        #expect(terminalSafe("evil\u{1B}[31mred") == "evil\\u{1B}[31mred")
        #expect(terminalSafe("a\u{7F}b\u{9B}c\u{85}d") == "a\\u{7F}b\\u{9B}c\\u{85}d")
        #expect(terminalSafe("tab\there\nnew\r") == "tab\\u{9}here\\u{A}new\\u{D}")
    }

    @Test func otherTextIsKept() {
        for s in ["Zürich", "© 100 °C", "東京", "a\u{A0}b", "\u{2028}", ""] { #expect(terminalSafe(s) == s) }
    }

    @Test func linesKeepTheirBreaks() {
        #expect(terminalSafeLines("a\u{1B}b\nc\td\n") == "a\\u{1B}b\nc\\u{9}d\n")
    }
}
