import Testing
import ZonePoints

@testable import ZonePipeline

/// `points:` in pipeline.yml: the keys of issue 15, typed, with errors at line and column.
@Suite struct PointConfigTests {
    @Test func theIssuesExampleReads() throws {
        let yaml = """
            points:
              cars:                  # layer name (several layers allowed)
                source: points
                group_by: city
                radius: 60
                extent: 512
                min_points: 2
                max_zoom: 16
                keep: [id, kind]
                sum: [available]
              stations:
                source: [a, b]
                radius: 40.5
                max_zoom: 14
            """
        let config = try PipelineConfig.parse(yaml: yaml, file: "p.yml")
        #expect(config.points.map(\.name) == ["cars", "stations"])
        #expect(
            config.points[0]
                == PointLayerConfig(
                    name: "cars", source: ["points"], groupBy: "city", radius: 60, extent: 512, minPoints: 2,
                    maxZoom: 16, keep: ["id", "kind"], sum: ["available"]))
        #expect(config.points[1].source == ["a", "b"] && config.points[1].radius == 40.5)
        #expect(config.points[1].maxZoom == 14 && config.points[1].extent == 512)
        #expect(PipelineConfig.default.points.isEmpty)
    }

    @Test(arguments: [
        ("points: 3\n", 1, 9, "expected a mapping, got integer 3"),
        ("points:\n  cars:\n    radius: wide\n", 3, 13, "expected a number, got string \"wide\""),
        ("points:\n  cars:\n    max_zoom: 25\n", 3, 15, "expected an integer from 0 to 20, got 25"),
        ("points:\n  cars:\n    min_points: 1\n", 3, 17, "expected an integer from 2 to 2147483647, got 1"),
        ("points:\n  cars:\n    extent: 0\n", 3, 13, "expected a finite number >= 1, got 0"),
        ("points:\n  cars:\n    sum: available\n", 3, 10, "expected a list of strings, got string \"available\""),
        ("points:\n  cars:\n    keep: [id, id]\n", 3, 16, "duplicate entry \"id\""),
        ("points:\n  cars:\n    colour: red\n", 3, 5, "unknown key 'colour' in 'points.cars'"),
        ("points:\n  \"a/b\": {}\n", 2, 3, "expected a layer name of letters, digits"),
    ])
    func errorsAreAtTheirLineAndColumn(yaml: String, line: Int, column: Int, message: String) {
        #expect {
            _ = try PipelineConfig.parse(yaml: yaml, file: "p.yml")
        } throws: { error in
            guard let e = error as? ConfigError else { return false }
            return e.location.line == line && e.location.column == column && e.message.hasPrefix(message)
        }
    }
}
