import Foundation
import ZonePipeline

/// A temporary directory with the repository's sample zones and points of Paris, a
/// pipeline.yml naming them by absolute path, and its build in `dist`.
struct StoreWorkspace {
    let root: URL
    let configFile: ConfigFile

    func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("zonestores-\(UUID().uuidString)")
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for folder in ["zones", "points"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("\(folder)/paris.geojson"),
                to: root.appendingPathComponent("\(folder)/paris.geojson"))
        }
        let yaml = """
            zones: \(root.appendingPathComponent("zones").path)
            output: \(root.appendingPathComponent("dist").path)
            points:
              cars:
                source: \(root.appendingPathComponent("points").path)
                max_zoom: 16
            """
        try yaml.write(to: root.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        configFile = try ConfigFile.load(root.appendingPathComponent("pipeline.yml").path)
        let directory = try OwnedDirectory.check(configFile.config.output, for: .buildOutput)
        let outcome = try BuildRequest(configFile: configFile, jobs: 2).write(to: directory)
        guard outcome.output != nil else { throw BuildFailed(diagnostics: outcome.diagnostics.map(\.description)) }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

struct BuildFailed: Error {
    var diagnostics: [String]
}
