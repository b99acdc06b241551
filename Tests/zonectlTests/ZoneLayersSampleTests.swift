import Foundation
import TestSupport
import Testing
import ZoneClient

/// ZoneClient's zone layers of every sample city, from a build output: each layer's GeoJSON
/// parses, holds its style's features, and together the layers cover exactly what the artifact
/// does (shapely, Scripts/layers_union.py); the order is the published priority reversed.
@Suite(.tags(.python)) struct ZoneLayersSampleTests {
    @Test func theLayersOfEveryCityMakeUpItsArtifact() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: TestPaths.root.appendingPathComponent("zones"), to: dir.appendingPathComponent("zones"))
        try "points: {}\n".write(to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        let build = try zonectl("build", "--out", "dist", "--no-cache", in: dir)
        try #require(build.status == 0, "\(build.stderr)")

        let store = DirectoryStore(root: dir.appendingPathComponent("dist").path)
        let manifest = try store.manifest()
        let styles = try store.styles(of: manifest)
        let priority = try #require(manifest.priority)
        #expect(manifest.cities.count >= 5)
        for city in manifest.cities {
            let layers = try store.zoneLayers(city: city.id, of: manifest, styles: styles)
            #expect(layers.map(\.style) == Array(priority.filter(city.styles.contains).reversed()), "\(city.id)")
            let folder = dir.appendingPathComponent("layers/\(city.id)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let artifact = folder.appendingPathComponent("artifact.geojson")
            try Data(try store.content(of: city.artifact)).write(to: artifact)
            var paths: [String] = []
            for (i, layer) in layers.enumerated() {
                #expect(layer.city == city.id)
                #expect(layer.zoneStyle == styles[layer.style])
                let parsed = try #require(try JSONSerialization.jsonObject(with: layer.geoJSON) as? [String: Any])
                #expect(parsed["type"] as? String == "FeatureCollection")
                #expect((parsed["features"] as? [Any])?.isEmpty == false)
                let path = folder.appendingPathComponent("\(i).geojson")
                try layer.geoJSON.write(to: path)
                paths.append(path.path)
            }
            let r = try run(
                TestPaths.python,
                [TestPaths.scripts.appendingPathComponent("layers_union.py").path, artifact.path] + paths)
            try #require(r.status == 0, "layers_union.py: \(r.stderr)")
            let result = try json(Data(r.stdout.utf8))
            #expect(result["styleless"] as? Int == 0, "\(city.id)")
            #expect(result["layerFeatures"] as? Int == result["artifactFeatures"] as? Int, "\(city.id)")
            #expect(result["equal"] as? Bool == true, "\(city.id): \(r.stdout)")
            #expect((result["symmetricDifferenceArea"] as? Double).map { $0 == 0 } == true, "\(city.id): \(r.stdout)")
            #expect((result["area"] as? Double).map { $0 > 0 } == true)
            #expect(result["styles"] as? [[String]] == layers.map { [$0.style] }, "\(city.id): \(r.stdout)")
        }
    }
}
