import Testing
import ZoneFormats

@testable import ZonePipeline

/// A pipeline.yml that starts with a UTF-8 byte order mark (as Windows editors write it) reads
/// like the same file without one; the mark is not a column. Found while seeding the config fuzzer.
@Suite struct ConfigByteOrderMarkTests {
    @Test func byteOrderMarkIsIgnored() throws {
        let text = "zones: [a, b]\r\nprecision: 7\r\n"
        let withMark = try PipelineConfig.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "p.yml")
        #expect(withMark == (try PipelineConfig.parse(yaml: text, file: "p.yml")))
        #expect(withMark.zones == ["a", "b"] && withMark.precision == 7)
    }

    @Test func errorColumnsDoNotCountTheMark() {
        #expect(
            throws: ConfigError(
                .invalid, location: SourceLocation(file: "p.yml", line: 1, column: 12),
                message: "expected an integer from 1 to 9, got 12")
        ) {
            try PipelineConfig.parse(yaml: "\u{FEFF}precision: 12\n", file: "p.yml")
        }
    }
}
