import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// One run of the Source and Validate stages over fixtures of Fixtures/defects, with every
/// diagnostic expected (`file:line:col: severity: message`, paths relative to the folder).
struct ValidatorCase: CustomTestStringConvertible, Sendable {
    let id: String
    let files: [String]
    let config: PipelineConfig
    let expected: [String]
    var testDescription: String { id }

    init(_ id: String, _ files: [String], config: PipelineConfig = validatorConfig(), _ expected: [String]) {
        (self.id, self.files, self.config, self.expected) = (id, files, config, expected)
    }
}

/// The configuration of these tests: features are grouped by `city` only.
func validatorConfig(repair: Bool = true, definitions: [String: JSONObject] = [:]) -> PipelineConfig {
    PipelineConfig(groupBy: ["city"], repair: repair, styles: StylesConfig(definitions: definitions))
}

/// Runs the loader over `files` of Fixtures/defects, returning its diagnostics with the folder
/// taken off every path (also inside messages).
func loadDefects(_ files: [String], config: PipelineConfig, jobs: Int = 1) throws -> [String] {
    let paths = files.map { defectPath($0 + ".geojson") }
    let zones = try checkZones(paths, config: config, jobs: jobs)
    return zones.diagnostics.map { $0.description.replacingOccurrences(of: defectsDirectory.path + "/", with: "") }
}

/// The message GEOS validity gives, as a warning (repair: true) or an error (repair: false).
private func invalid(_ file: String, _ at: String, _ reason: String, repair: Bool) -> String {
    repair
        ? "\(file).geojson:\(at): warning: invalid geometry: \(reason); the build repairs it (repair: true)"
        : "\(file).geojson:\(at): error: invalid geometry: \(reason) (repair: false)"
}

private let clockwiseCrossing =
    "antimeridian-crossing.geojson:21:42: error: exterior ring crosses the antimeridian wound clockwise, which reads two ways: "
    + "rewound, as other clockwise rings are, it is the area it outlines; as wound, by RFC 7946's right-hand rule "
    + "(the antimeridian package with fix_winding=False), it is the rest of the globe, round both poles; "
    + "wind it counter-clockwise for the area it outlines"

private let winding = "RFC 7946 §3.1.6 wants exteriors counter-clockwise and holes clockwise, the build rewinds it"

@Suite struct ValidatorDefectTests {
    static var fixtures: Set<String> { Set(cases.flatMap(\.files)) }

    static let cases: [ValidatorCase] = [
        // RFC 7946 structure.
        ValidatorCase(
            "unclosed ring", ["ring-unclosed"],
            [
                "ring-unclosed.geojson:11:25: error: linear ring is not closed: last position [2.0, 48.05] differs from the first [2.0, 48.0]"
            ]),
        ValidatorCase(
            "ring with 3 positions", ["ring-three-positions"],
            [
                "ring-three-positions.geojson:10:11: error: linear ring has 3 positions; at least 4 are required (RFC 7946 §3.1.6)"
            ]),
        ValidatorCase(
            "latitude out of range", ["latitude-out-of-range"],
            [
                "latitude-out-of-range.geojson:11:12: error: latitude 91.5 is outside [-90, 90] (and 1 more position of this ring)"
            ]),
        ValidatorCase(
            "longitude out of range", ["longitude-out-of-range"],
            [
                "longitude-out-of-range.geojson:10:27: warning: longitude 180.5 is outside [-180, 180] (and 1 more position of this ring); the ring is taken to cross the antimeridian"
            ]),
        // Past ±360 a longitude is mistyped (1342 for 13.42); up to ±360 it is drawn on past ±180.
        ValidatorCase(
            "longitude mistyped", ["longitude-mistyped"],
            [
                "longitude-mistyped.geojson:10:44: error: longitude 1342.0 is outside [-360, 360]; a ring drawn on past ±180 stays within ±360, so this looks mistyped",
                "longitude-mistyped.geojson:21:60: error: longitude 1e+41 is outside [-360, 360] (and 1 more position of this ring); a ring drawn on past ±180 stays within ±360, so this looks mistyped",
                "longitude-mistyped.geojson:32:12: warning: longitude 359.5 is outside [-180, 180] (and 4 more positions of this ring); the ring is taken to cross the antimeridian",
            ]),
        ValidatorCase(
            "clockwise exterior", ["clockwise-exterior"],
            [
                "clockwise-exterior.geojson:10:11: warning: exterior ring is clockwise; \(winding)"
            ]),
        ValidatorCase(
            "counter-clockwise hole", ["counter-clockwise-hole"],
            [
                "counter-clockwise-hole.geojson:11:11: warning: hole is counter-clockwise; \(winding)"
            ]),
        // The antimeridian: a ring round a pole is refused where it first crosses; a crossing
        // polygon is checked split (unsplit, GEOS sees its hole stick out of its shell) and its
        // winding judged with longitude steps taken the short way round.
        ValidatorCase(
            "ring round a pole", ["antimeridian-pole"],
            [
                "antimeridian-pole.geojson:11:12: error: ring crosses the antimeridian an odd number of times (1) and so goes round the north pole; a zone that encloses a pole cannot be split into parts on each side of ±180° — draw it as parts that stay off the pole"
            ]),
        // The second feature's exterior is clockwise: across ±180 that reads two ways, an error.
        ValidatorCase(
            "crossing polygons, repair", ["antimeridian-crossing"],
            [clockwiseCrossing, "antimeridian-crossing.geojson:22:11: warning: hole is counter-clockwise; \(winding)"]),
        ValidatorCase(
            "crossing polygons, no repair", ["antimeridian-crossing"], config: validatorConfig(repair: false),
            [clockwiseCrossing, "antimeridian-crossing.geojson:22:11: warning: hole is counter-clockwise; \(winding)"]),
        // GEOS validity: the position is the vertex nearest to the point GEOS names.
        ValidatorCase(
            "bow-tie, repair", ["geos-bow-tie"],
            [
                invalid("geos-bow-tie", "10:12", "Self-intersection at or near [3.0, 49.0]", repair: true)
            ]),
        ValidatorCase(
            "bow-tie, no repair", ["geos-bow-tie"], config: validatorConfig(repair: false),
            [
                invalid("geos-bow-tie", "10:12", "Self-intersection at or near [3.0, 49.0]", repair: false)
            ]),
        ValidatorCase(
            "nested shells, repair", ["geos-nested-shells"],
            [
                invalid("geos-nested-shells", "11:13", "Nested shells at or near [2.2, 48.3]", repair: true)
            ]),
        ValidatorCase(
            "nested shells, no repair", ["geos-nested-shells"], config: validatorConfig(repair: false),
            [
                invalid("geos-nested-shells", "11:13", "Nested shells at or near [2.2, 48.3]", repair: false)
            ]),
        ValidatorCase(
            "hole outside shell, repair", ["geos-hole-outside-shell"],
            [
                invalid(
                    "geos-hole-outside-shell", "11:12", "Hole lies outside shell at or near [5.0, 50.0]", repair: true)
            ]),
        ValidatorCase(
            "hole outside shell, no repair", ["geos-hole-outside-shell"], config: validatorConfig(repair: false),
            [
                invalid(
                    "geos-hole-outside-shell", "11:12", "Hole lies outside shell at or near [5.0, 50.0]", repair: false)
            ]),
        ValidatorCase(
            "too few points, repair", ["geos-too-few-points"],
            [
                invalid(
                    "geos-too-few-points", "10:12", "Too few points in geometry component at or near [2.0, 48.0]",
                    repair: true)
            ]),
        ValidatorCase(
            "too few points, no repair", ["geos-too-few-points"], config: validatorConfig(repair: false),
            [
                invalid(
                    "geos-too-few-points", "10:12", "Too few points in geometry component at or near [2.0, 48.0]",
                    repair: false)
            ]),
        // Pipeline rules: group_by.
        ValidatorCase(
            "group_by property missing, null, or no properties", ["group-missing"],
            [
                "group-missing.geojson:4:5: error: feature has no \"city\" property (group_by: [city])",
                "group-missing.geojson:9:5: error: feature's \"city\" property is null; it must be a non-empty string (group_by: [city])",
                "group-missing.geojson:14:5: error: feature has no \"city\" property (group_by: [city])",
            ]),
        ValidatorCase(
            "group_by property empty or not a string", ["group-empty-or-not-string"],
            [
                "group-empty-or-not-string.geojson:4:5: error: property \"city\" must be a non-empty string, found \"\"",
                "group-empty-or-not-string.geojson:9:5: error: property \"city\" must be a non-empty string, found 75",
                "group-empty-or-not-string.geojson:14:5: error: property \"city\" must be a non-empty string, found [\"paris\"]",
            ]),
        ValidatorCase(
            "every group_by key is checked", ["group-empty-or-not-string"],
            config: PipelineConfig(groupBy: ["city", "style"]),
            [
                "group-empty-or-not-string.geojson:4:5: error: property \"city\" must be a non-empty string, found \"\"",
                "group-empty-or-not-string.geojson:4:5: error: feature has no \"style\" property (group_by: [city, style])",
                "group-empty-or-not-string.geojson:9:5: error: property \"city\" must be a non-empty string, found 75",
                "group-empty-or-not-string.geojson:9:5: error: feature has no \"style\" property (group_by: [city, style])",
                "group-empty-or-not-string.geojson:14:5: error: property \"city\" must be a non-empty string, found [\"paris\"]",
                "group-empty-or-not-string.geojson:14:5: error: feature has no \"style\" property (group_by: [city, style])",
            ]),
        // Pipeline rules: one style name, one set of values, across files.
        ValidatorCase(
            "style with two strokes in two files", ["style-conflict-a", "style-conflict-b"],
            [
                "style-conflict-b.geojson:4:5: error: style \"parking\" has stroke \"#ff0000\" here but \"#1a9641\" at style-conflict-a.geojson:4:5; one style name must have one set of style values"
            ]),
        ValidatorCase(
            "style with two strokes, files the other way round", ["style-conflict-b", "style-conflict-a"],
            [
                "style-conflict-a.geojson:4:5: error: style \"parking\" has stroke \"#1a9641\" here but \"#ff0000\" at style-conflict-b.geojson:4:5; one style name must have one set of style values"
            ]),
        ValidatorCase("each style file alone is fine", ["style-conflict-a"], []),
        ValidatorCase(
            "style against pipeline.yml definitions", ["style-definition"],
            config: validatorConfig(definitions: [
                "parking": JSONObject([("stroke", .string("#1a9641")), ("stroke-width", .number(2))])
            ]),
            [
                "style-definition.geojson:4:5: error: style \"parking\" has stroke-width 3 here, but pipeline.yml defines stroke-width 2"
            ]),
        ValidatorCase(
            "style matching pipeline.yml definitions", ["style-conflict-a"],
            config: validatorConfig(definitions: [
                "parking": JSONObject([("stroke", .string("#1a9641")), ("stroke-width", .number(2))])
            ]), []),
        // Pipeline rules: feature ids unique within a file; "1" and 1 are different ids.
        ValidatorCase(
            "duplicate id in one file; same id in another file is fine", ["duplicate-id", "duplicate-id-other-file"],
            [
                "duplicate-id.geojson:10:5: error: duplicate feature id \"z1\" (first at duplicate-id.geojson:4:5)"
            ]),
    ]

    @Test(arguments: cases)
    func validatorReportsExactly(_ c: ValidatorCase) throws {
        #expect(try loadDefects(c.files, config: c.config) == c.expected)
    }

    /// The reader's findings pass through the loader unchanged, with the rules' findings merged
    /// in file, line and column order, whatever the number of threads.
    @Test(arguments: [1, 2, 4])
    func loaderMergesFindingsInFileLineColumnOrder(jobs: Int) throws {
        let files = [
            "null-geometry", "feature-missing-properties", "ring-unclosed", "clockwise-exterior", "duplicate-id",
        ]
        let all = try loadDefects(files, config: validatorConfig(), jobs: jobs)
        #expect(
            all == [
                "null-geometry.geojson:4:5: warning: Feature has a null geometry; it is skipped",
                "feature-missing-properties.geojson:4:5: error: Feature has no \"properties\" member",
                "feature-missing-properties.geojson:4:5: error: feature has no \"city\" property (group_by: [city])",
                "ring-unclosed.geojson:11:25: error: linear ring is not closed: last position [2.0, 48.05] differs from the first [2.0, 48.0]",
                "clockwise-exterior.geojson:10:11: warning: exterior ring is clockwise; \(winding)",
                "duplicate-id.geojson:10:5: error: duplicate feature id \"z1\" (first at duplicate-id.geojson:4:5)",
            ])
        // Each file alone gives its part of that list.
        var separately: [String] = []
        for f in files { separately += try loadDefects([f], config: validatorConfig()) }
        #expect(separately == all)
    }

    /// A file named twice (or named and also inside a named folder) is read once: its ids are
    /// not duplicates of themselves. (Naming a file twice used to trap in the loader.)
    @Test func fileNamedTwiceIsReadOnce() throws {
        let path = defectPath("duplicate-id-other-file.geojson")
        let zones = try checkZones([path, path], config: validatorConfig(), jobs: 2)
        #expect(zones.files == [path])
        #expect(zones.features.count == 1)
        #expect(zones.diagnostics == [])
        let both = try checkZones([path, defectsDirectory.path], config: validatorConfig(), jobs: 2)
        #expect(both.files.filter { $0 == path }.count == 1)
        #expect(both.files.first == path)
        #expect(
            both.files.count
                == (try FileManager.default.contentsOfDirectory(atPath: defectsDirectory.path)).filter {
                    $0.hasSuffix(".geojson")
                }.count)
    }

    /// Reader errors of a defect fixture reach the loader's output unchanged.
    @Test(arguments: ReaderDefectTests.defects)
    func readerFindingsReachTheLoader(_ defect: ReaderDefect) throws {
        let found = try loadDefects([defect.fixture], config: validatorConfig())
        let expected = defect.expected.map { "\(defect.fixture).geojson:\($0)" }
        // The loader adds only rule findings on features the reader returned.
        #expect(Array(found.filter { expected.contains($0) }) == expected)
        #expect(found.count == expected.count + (defect.fixture == "feature-missing-properties" ? 1 : 0))
    }
}
