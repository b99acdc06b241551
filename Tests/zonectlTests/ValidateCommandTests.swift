import Foundation
import Testing

/// `zonectl validate` end to end: the built binary, its output and its exit codes.
@Suite struct ValidateCommandTests {
    let square =
        #"{"type":"Feature","properties":{"city":"x","style":"parking"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}}"#

    func write(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func cleanFileExitsZero() throws {
        let dir = try write(["a.geojson": square])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("validate", "a.geojson", in: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "1 file, 1 feature: 0 errors, 0 warnings\n")
        #expect(r.stderr == "")
    }

    @Test func errorsExitOneWithPositions() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"city": "x", "style": "parking"},
               "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 100], [0, 0]]]}},
              {"type": "Feature", "properties": {"style": "parking"},
               "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}}
            ]}
            """
        let dir = try write(["b.geojson": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("validate", "b.geojson", in: dir)
        #expect(r.status == 1)
        #expect(
            r.stderr == """
                b.geojson:3:69: error: latitude 100.0 is outside [-90, 90]
                b.geojson:4:3: error: feature has no "city" property (group_by: [city, style])

                """)
        #expect(r.stdout == "1 file, 2 features: 2 errors, 0 warnings\n")
    }

    @Test func jsonFormatIsOneDocument() throws {
        let dir = try write(["c.geojson": "{\"type\": \"Feature\"}"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("validate", "--format", "json", "c.geojson", in: dir)
        #expect(r.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let summary = try #require(doc["summary"] as? [String: Int])
        #expect(summary["errors"] == 4)
        let diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["message"] as? String == "Feature has no \"properties\" member")
        #expect(diagnostics.first?["line"] as? Int == 1)
        #expect(diagnostics.first?["column"] as? Int == 1)
        #expect(diagnostics.first?["severity"] as? String == "error")
    }

    @Test func githubFormatPrintsAnnotations() throws {
        let dir = try write(["d.geojson": "{\"type\": \"Feature\", \"properties\": {}, \"geometry\": null}"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("validate", "--format", "github", "d.geojson", in: dir)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.contains("::warning file=d.geojson,line=1,col=1::Feature has a null geometry; it is skipped"))
        #expect(
            lines.contains(
                #"::error file=d.geojson,line=1,col=1::feature has no "city" property (group_by: [city, style])"#))
    }

    @Test func missingPathExitsTwo() throws {
        let dir = try write([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("validate", "nowhere", in: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "nowhere: error: no such file or directory\n")
    }

    @Test func usageErrorExits64() throws {
        let r1 = try zonectl("validate", "--format", "xml")
        #expect(r1.status == 64)
        let r2 = try zonectl("validate", "--jobs", "0")
        #expect(r2.status == 64)
    }

    @Test func configErrorsNameTheirPosition() throws {
        let dir = try write([
            "a.geojson": square, "pipeline.yml": "zones: a.geojson\nprecision: 6\nsimplify:\n  tolerance: 2\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try zonectl("validate", in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("pipeline.yml:4:3: error: unknown key 'tolerance'"))
        let missing = try zonectl("validate", "--config", "other.yml", in: dir)
        #expect(missing.status == 2)
    }

    @Test func repairFalseMakesInvalidGeometryAnError() throws {
        let bowTie =
            #"{"type":"Feature","properties":{"city":"x","style":"p"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}}"#
        let dir = try write(["a.geojson": bowTie, "strict.yml": "repair: false\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let lenient = try zonectl("validate", "a.geojson", in: dir)
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("warning: invalid geometry: Self-intersection at or near [0.5, 0.5]"))
        let strict = try zonectl("validate", "--config", "strict.yml", "a.geojson", in: dir)
        #expect(strict.status == 1)
        #expect(
            strict.stderr.contains("error: invalid geometry: Self-intersection at or near [0.5, 0.5] (repair: false)"))
    }

    @Test func sampleZonesValidateWithoutErrors() throws {
        let r = try zonectl("validate", in: TestPaths.root)
        #expect(r.status == 0)
        // 7 zone files and the sample point layer's 3.
        #expect(r.stdout.hasPrefix("10 files, "), "\(r.stdout)")
    }
}
