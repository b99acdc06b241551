import Foundation
import Testing

@testable import ZonePipeline

/// One defect class: a fixture in Fixtures/defects, every diagnostic the reader gives for it
/// (`line:col: severity: message`, each position checked by hand against the file), and how
/// many features it still returns (all / with a usable geometry).
struct ReaderDefect: CustomTestStringConvertible, Sendable {
    let fixture: String
    let expected: [String]
    let features: Int
    let usable: Int
    var testDescription: String { fixture }

    init(_ fixture: String, _ expected: [String], features: Int = 0, usable: Int = 0) {
        (self.fixture, self.expected, self.features, self.usable) = (fixture, expected, features, usable)
    }
}

@Suite struct ReaderDefectTests {
    /// Syntax errors end the file (no features); structure problems are reported where they
    /// stand and reading goes on.
    static let defects: [ReaderDefect] = [
        // Invalid JSON.
        ReaderDefect("missing-comma", ["7:7: error: expected ',' or '}' in an object, found a string"]),
        ReaderDefect("missing-colon", ["7:18: error: expected ':' after an object key, found an object"]),
        ReaderDefect("unquoted-key", ["8:9: error: expected a member name in double quotes, found 'type'"]),
        // Truncated files: the position is the end of the file (or the string left open).
        ReaderDefect(
            "truncated-mid-number", ["10:34: error: unexpected end of file, expected a digit after the decimal point"]),
        ReaderDefect(
            "truncated-mid-string", ["6:30: error: unterminated string: the file ends before its closing quote"]),
        ReaderDefect("truncated-mid-array", ["10:37: error: unexpected end of file, expected coordinates"]),
        ReaderDefect(
            "trailing-garbage", ["16:3: error: found ']' after the end of the JSON document"], features: 1, usable: 1),
        // Duplicate member names, wherever they are.
        ReaderDefect("duplicate-key-feature", ["8:7: error: duplicate key \"properties\" in object"]),
        ReaderDefect("duplicate-key-properties", ["9:9: error: duplicate key \"city\" in object"]),
        ReaderDefect("duplicate-key-geometry", ["12:9: error: duplicate key \"type\" in object"]),
        // Numbers JSON does not have.
        ReaderDefect("nan", ["11:18: error: NaN is not a valid JSON number (JSON has no NaN or Infinity)"]),
        ReaderDefect("infinity", ["11:18: error: Infinity is not a valid JSON number (JSON has no NaN or Infinity)"]),
        ReaderDefect(
            "negative-infinity", ["11:18: error: -Infinity is not a valid JSON number (JSON has no NaN or Infinity)"]),
        ReaderDefect("leading-zero", ["11:18: error: leading zeros are not allowed in JSON numbers"]),
        ReaderDefect("plus-sign", ["11:18: error: a JSON number cannot start with '+'"]),
        // Wrongly shaped coordinates: reported, the feature kept without geometry.
        ReaderDefect("coordinate-string", ["11:18: error: coordinate must be a number, found a string"], features: 1),
        ReaderDefect("coordinate-null", ["11:18: error: coordinate must be a number, found null"], features: 1),
        ReaderDefect("coordinate-bool", ["11:18: error: coordinate must be a number, found a boolean"], features: 1),
        ReaderDefect(
            "position-one-value", ["11:12: error: position has 1 value; expected [longitude, latitude]"], features: 1),
        ReaderDefect(
            "position-four-values",
            ["11:12: error: position has 4 values; expected at most 3 (longitude, latitude, altitude)"], features: 1),
        ReaderDefect(
            "position-empty", ["11:12: error: position has 0 values; expected [longitude, latitude]"], features: 1),
        // Types and members.
        ReaderDefect("unknown-geometry-type", ["8:17: error: unknown geometry type \"Polygone\""], features: 1),
        ReaderDefect("unknown-top-level-type", ["2:11: error: unknown GeoJSON type \"Topology\""]),
        ReaderDefect(
            "missing-type-top-level",
            [
                "1:1: error: GeoJSON object has no \"type\" member",
                "3:5: warning: Feature has a null geometry; it is skipped",
            ], features: 1),
        ReaderDefect("missing-type-feature", ["4:5: error: Feature has no \"type\" member"]),
        ReaderDefect("missing-type-geometry", ["7:19: error: geometry has no \"type\" member"], features: 1),
        ReaderDefect("missing-coordinates", ["7:19: error: Polygon has no \"coordinates\" member"], features: 1),
        ReaderDefect("missing-features", ["1:1: error: FeatureCollection has no \"features\" member"]),
        ReaderDefect(
            "feature-missing-properties", ["4:5: error: Feature has no \"properties\" member"], features: 1, usable: 1),
        ReaderDefect("feature-missing-geometry", ["4:5: error: Feature has no \"geometry\" member"], features: 1),
        ReaderDefect("null-geometry", ["4:5: warning: Feature has a null geometry; it is skipped"], features: 1),
        ReaderDefect(
            "linestring", ["7:19: error: a zone must be a Polygon or MultiPolygon, found LineString"], features: 1),
        ReaderDefect("point", ["7:19: error: a zone must be a Polygon or MultiPolygon, found Point"], features: 1),
        ReaderDefect(
            "geometry-collection", ["7:19: error: a zone must be a Polygon or MultiPolygon, found GeometryCollection"],
            features: 1),
        // Text encoding and strings.
        ReaderDefect("invalid-utf8", ["5:21: error: invalid UTF-8 byte 0xC9"]),
        ReaderDefect("control-character", ["5:17: error: control character 0x09 must be escaped in a string"]),
        ReaderDefect(
            "invalid-escape",
            ["5:16: error: invalid escape sequence \\z in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"]),
        ReaderDefect("lone-surrogate", ["5:21: error: unpaired UTF-16 surrogate \\uD800"]),
    ]

    @Test(arguments: defects)
    func defectIsReportedAtItsPosition(_ defect: ReaderDefect) {
        let name = defect.fixture + ".geojson"
        let bytes = defectBytes(name)
        #expect(!bytes.isEmpty, "fixture \(name) is missing")
        let result = readGeoJSON(bytes, name: name)
        #expect(result.diagnostics.map(positioned) == defect.expected)
        #expect(result.features.count == defect.features)
        #expect(result.features.filter { $0.geometry != nil }.count == defect.usable)
        // Printed form: path:line:col: severity: message.
        #expect(result.diagnostics.map(\.description) == defect.expected.map { "\(name):\($0)" })
    }

    /// Every defect fixture in the folder is covered by a table here or in the validator tests,
    /// so a new fixture cannot sit there untested.
    @Test func everyDefectFixtureIsTested() throws {
        let onDisk = Set(
            try FileManager.default.contentsOfDirectory(atPath: defectsDirectory.path)
                .filter { $0.hasSuffix(".geojson") }.map { String($0.dropLast(".geojson".count)) })
        let tested = Set(Self.defects.map(\.fixture)).union(AcceptedDocumentTests.fixtures)
            .union(ValidatorDefectTests.fixtures)
        #expect(onDisk.subtracting(tested).sorted() == [])
        #expect(tested.subtracting(onDisk).sorted() == [])
    }

    /// The invalid-UTF-8 fixture must stay invalid (an editor re-saving it as UTF-8 would
    /// silently turn the test into a pass): it holds Latin-1 "É" (0xC9) and "é" (0xE9).
    @Test func invalidUTF8FixtureReallyHoldsLatin1Bytes() {
        let bytes = defectBytes("invalid-utf8.geojson")
        #expect(bytes.firstIndex(of: 0xC9) == 82)
        #expect(bytes.contains(0xE9))
        #expect(String(validating: bytes, as: UTF8.self) == nil)
    }

    /// A file saved as UTF-16 (with a byte order mark, or ASCII text without one) is named as
    /// such, with what to do, instead of its first byte being called invalid UTF-8.
    @Test func utf16IsNamed() {
        let text = #"{"type": "FeatureCollection", "features": []}"#
        let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let advice = ", not UTF-8; save it as UTF-8"
        let cases: [(bytes: [UInt8], expected: String)] = [
            (
                [0xFF, 0xFE] + little,
                "1:1: error: the file looks like UTF-16 (it starts with the UTF-16 byte order mark FF FE)" + advice
            ),
            (
                [0xFE, 0xFF] + big,
                "1:1: error: the file looks like UTF-16 (it starts with the UTF-16 byte order mark FE FF)" + advice
            ),
            (little, "1:2: error: the file looks like UTF-16 (every other byte of its first 16 is NUL)" + advice),
            (big, "1:1: error: the file looks like UTF-16 (every other byte of its first 16 is NUL)" + advice),
        ]
        for c in cases {
            #expect(readGeoJSON(c.bytes).diagnostics.map(positioned) == [c.expected])
        }
        // UTF-8 text that starts with a NUL-free byte pair is read as before.
        #expect(readGeoJSON(Array(text.utf8)).diagnostics.isEmpty)
    }

    /// Only the first bad byte is reported, even when the rest of the file is fine.
    @Test func invalidUTF8IsReportedAtTheFirstBadByte() {
        let cases: [(bytes: [UInt8], expected: String)] = [
            (Array("{\"a\": \"".utf8) + [0xFF] + Array("\"}".utf8), "1:8: error: invalid UTF-8 byte 0xFF"),
            // Overlong encoding of '/', a surrogate encoded in UTF-8, a truncated sequence.
            (Array("{\n \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8), "2:3: error: invalid UTF-8 byte 0xC0"),
            (Array("{\"é\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8), "1:8: error: invalid UTF-8 byte 0xED"),
            (Array("{\"a\": \"x".utf8) + [0xE2, 0x82], "1:9: error: invalid UTF-8 byte 0xE2"),
            // Three-byte leads E1...EC and EE...EF followed by ASCII (these once passed unchecked).
            (Array("{\"a\": \"".utf8) + [0xE2, 0x41, 0x42] + Array("\"}".utf8), "1:8: error: invalid UTF-8 byte 0xE2"),
            (
                Array("{\"a\": \"\u{2013}".utf8) + [0xEC, 0x80] + Array("\"}".utf8),
                "1:9: error: invalid UTF-8 byte 0xEC"
            ),
            (Array("{\"a\": \"".utf8) + [0xEF, 0xBF] + Array(" \"}".utf8), "1:8: error: invalid UTF-8 byte 0xEF"),
            // A lead byte that no sequence starts with, and a stray continuation byte.
            (
                Array("{\"a\": \"".utf8) + [0xF5, 0x80, 0x80, 0x80] + Array("\"}".utf8),
                "1:8: error: invalid UTF-8 byte 0xF5"
            ),
            (Array("{\"a\":\n  \"".utf8) + [0x80] + Array("\"}".utf8), "2:4: error: invalid UTF-8 byte 0x80"),
        ]
        for c in cases {
            #expect(readGeoJSON(c.bytes).diagnostics.map(positioned) == [c.expected])
        }
    }

    /// Strings: the other ways to get a string wrong, each at its position.
    @Test(arguments: [
        (
            "line break", "{\"type\": \"Feature\",\n \"properties\": {\"name\": \"Rue\n\"}}",
            "2:29: error: unterminated string: line break before the closing quote (write \\n for a line break inside a string)"
        ),
        (
            "short \\u escape", "{\"type\": \"Feature\", \"properties\": {\"n\": \"\\u12\"}}",
            "1:42: error: invalid \\u escape: expected 4 hexadecimal digits"
        ),
        (
            "lone low surrogate", "{\"type\": \"Feature\", \"properties\": {\"n\": \"\\uDC00\"}}",
            "1:42: error: unpaired UTF-16 surrogate \\uDC00"
        ),
        (
            "high surrogate then non-surrogate", "{\"type\": \"Feature\", \"properties\": {\"n\": \"\\uD83D\\u0041\"}}",
            "1:42: error: unpaired UTF-16 surrogate \\uD83D"
        ),
        (
            "file ends in an escape", "{\"type\": \"Feature\", \"properties\": {\"n\": \"abc\\",
            "1:45: error: unterminated string: the file ends in an escape sequence"
        ),
        (
            "truncated literal", "{\"type\": \"Feature\", \"geometry\": nu",
            "1:35: error: unexpected end of file, expected null"
        ),
        (
            "misspelled literal", "{\"type\": \"Feature\", \"properties\": {\"ok\": ture}}",
            "1:42: error: expected a JSON value, found 'ture'"
        ),
        (
            "trailing comma", "{\"type\": \"Feature\", \"properties\": {\"a\": 1,}}",
            "1:43: error: expected a member name in double quotes, found '}'"
        ),
        (
            "second document", "{\"type\": \"Polygon\", \"coordinates\": []}\n{\"type\": \"Polygon\"}",
            "2:1: error: found an object after the end of the JSON document"
        ),
        ("empty file", "", "1:1: error: unexpected end of file, expected a GeoJSON object"),
        ("top-level array", "[{\"type\": \"Feature\"}]", "1:1: error: expected a GeoJSON object, found an array"),
        (
            "number cut in the exponent", "{\"type\": \"Polygon\", \"coordinates\": [[[1e",
            "1:41: error: unexpected end of file, expected a digit in the exponent"
        ),
        (
            "number starting with '.'", "{\"type\": \"Polygon\", \"coordinates\": [[[.5, 1]]]}",
            "1:39: error: a JSON number cannot start with '.'"
        ),
        (
            "NaN in properties", "{\"type\": \"Feature\", \"properties\": {\"area\": NaN}}",
            "1:44: error: NaN is not a valid JSON number (JSON has no NaN or Infinity)"
        ),
        (
            "number out of range", "{\"type\": \"Polygon\", \"coordinates\": [[[1e400, 1]]]}",
            "1:39: error: number 1e400 is out of range"
        ),
    ])
    func malformedTextIsReportedAtItsPosition(_ name: String, _ text: String, _ expected: String) {
        #expect(readGeoJSON(text).diagnostics.map(positioned) == [expected], "\(name)")
    }

    /// Members of the wrong JSON type: reported at the value, reading goes on.
    @Test(arguments: [
        (
            "type not a string", #"{"type": 7, "coordinates": []}"#,
            ["1:10: error: \"type\" must be a string, found a number"]
        ),
        (
            "features not an array", #"{"type": "FeatureCollection", "features": {}}"#,
            ["1:43: error: \"features\" must be an array, found an object"]
        ),
        (
            "a feature that is not an object", #"{"type": "FeatureCollection", "features": [null]}"#,
            ["1:44: error: expected a Feature object, found null"]
        ),
        (
            "a geometry among features",
            #"{"type": "FeatureCollection", "features": [{"type": "Polygon", "coordinates": []}]}"#,
            ["1:53: error: expected a Feature, found type \"Polygon\""]
        ),
        (
            "a Feature as geometry", #"{"type": "Feature", "properties": {}, "geometry": {"type": "Feature"}}"#,
            ["1:60: error: expected a geometry, found type \"Feature\""]
        ),
        (
            "geometry not an object", #"{"type": "Feature", "properties": {}, "geometry": [1, 2]}"#,
            ["1:51: error: \"geometry\" must be an object or null, found an array"]
        ),
        (
            "properties not an object", #"{"type": "Feature", "properties": "x", "geometry": null}"#,
            [
                "1:1: warning: Feature has a null geometry; it is skipped",
                "1:35: error: \"properties\" must be an object or null, found a string",
            ]
        ),
        (
            "id not a string or number", #"{"type": "Feature", "id": [1], "properties": {}, "geometry": null}"#,
            [
                "1:1: warning: Feature has a null geometry; it is skipped",
                "1:27: error: Feature \"id\" must be a string or a number, found [1]",
            ]
        ),
        (
            "bbox with 3 numbers", #"{"type": "Polygon", "bbox": [0, 0, 1], "coordinates": []}"#,
            ["1:29: error: \"bbox\" must be an array of 4 or 6 numbers"]
        ),
        (
            "coordinates not nested enough", #"{"type": "Polygon", "coordinates": [[0, 0], [1, 1]]}"#,
            [
                "1:38: error: expected a position [longitude, latitude], found a number",
                "1:41: error: expected a position [longitude, latitude], found a number",
                "1:46: error: expected a position [longitude, latitude], found a number",
                "1:49: error: expected a position [longitude, latitude], found a number",
            ]
        ),
        (
            "coordinates not an array", #"{"type": "MultiPolygon", "coordinates": "none"}"#,
            ["1:41: error: expected an array of polygons (arrays of linear rings), found a string"]
        ),
        (
            "GeometryCollection without geometries", #"{"type": "GeometryCollection"}"#,
            [
                "1:1: error: GeometryCollection has no \"geometries\" member",
                "1:1: error: a zone must be a Polygon or MultiPolygon, found GeometryCollection",
            ]
        ),
    ])
    func wronglyTypedMemberIsReported(_ name: String, _ text: String, _ expected: [String]) {
        #expect(readGeoJSON(text).diagnostics.map(positioned) == expected, "\(name)")
    }

    /// Escapes decode to the characters they stand for (keys too), and duplicate keys are
    /// recognised even when one of them is written with escapes.
    @Test func escapesDecodeAndCountForDuplicateKeys() throws {
        let ok = readGeoJSON(
            #"{"type": "Feature", "geometry": null, "properties": {"n\u0061me": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00"}}"#
        )
        #expect(ok.diagnostics.map(positioned) == ["1:1: warning: Feature has a null geometry; it is skipped"])
        let feature = try #require(ok.features.first)
        #expect(feature.properties["name"] == .string("a\"b\\c/d\u{08}\u{0C}\n\r\té😀"))

        let dup = readGeoJSON(#"{"type": "Feature", "properties": {"name": 1, "n\u0061me": 2}}"#)
        #expect(dup.diagnostics.map(positioned) == ["1:47: error: duplicate key \"name\" in object"])
        // More than 16 keys switches to a hash set: still found.
        let many = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let big = readGeoJSON("{\"type\": \"Feature\", \"properties\": {\(many), \"k3\": 0}}")
        #expect(big.diagnostics.map(positioned) == ["1:236: error: duplicate key \"k3\" in object"])
    }

    /// The same member name in different objects is fine.
    @Test func sameKeyInDifferentObjectsIsNotADuplicate() {
        let r = readGeoJSON(
            #"{"type": "Feature", "properties": {"type": "x", "a": {"type": 1}}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}}"#
        )
        #expect(r.diagnostics.isEmpty)
        #expect(r.features.count == 1)
    }

    /// Columns count Unicode scalars, not bytes.
    @Test func columnsCountCharactersNotBytes() {
        let r = readGeoJSON("{\"type\": \"Feature\", \"properties\": {\"name\": \"Île-de-France ✓ 😀\", \"x\": tru}}")
        #expect(r.diagnostics.map(positioned) == ["1:70: error: expected a JSON value, found 'tru'"])
    }
}
