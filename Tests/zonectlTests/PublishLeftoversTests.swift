import Foundation
import Testing

/// A publish killed between writing a temporary file and renaming it leaves that file in a
/// directory store; the next publish removes such files, and nothing else.
@Suite struct PublishLeftoversTests {
    @Test func theNextPublishRemovesTemporaryFilesOfKilledWrites() throws {
        let dir = try publishedSample()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("store")
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: store.appendingPathComponent("manifest.json")))
        let key = try #require(((manifest as? [String: Any])?["cities"] as? [[String: Any]])?.first?["key"] as? String)
        let (folder, name) = (
            URL(fileURLWithPath: key).deletingLastPathComponent().relativePath,
            URL(fileURLWithPath: key).lastPathComponent
        )
        // The names LocalStore's atomic write gives an object and its metadata before the rename.
        let uuid = { UUID().uuidString }
        let leftovers = [
            "\(folder)/.\(name).\(uuid())", ".meta/\(folder)/.\(name).json.\(uuid())", ".manifest.json.\(uuid())",
            ".meta/.manifest.json.json.\(uuid())", "manifests/.20990101T000000Z.json.\(uuid())",
        ]
        // Files of anyone else, some close to that pattern.
        let others = [
            "notes.txt", ".notes", "\(folder)/.\(name).not-a-uuid", "\(folder)/\(name).\(uuid())",
            ".git/.\(name).\(uuid())", ".\(uuid())",
        ]
        for path in leftovers + others {
            let url = store.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("partial".utf8).write(to: url)
        }

        let publish = try zonectl("publish", in: dir)  // up to date: nothing to write, leftovers go
        #expect(publish.status == 0, "\(publish.stderr)")
        for path in leftovers {
            #expect(!FileManager.default.fileExists(atPath: store.appendingPathComponent(path).path), "\(path)")
        }
        for path in others {
            #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent(path).path), "\(path)")
        }
        #expect(try zonectl("verify", in: dir).status == 0)
    }
}

/// A directory with the sample zones built and published to ./store (pipeline.yml: zones,
/// dist, store); the caller removes it.
func publishedSample() throws -> URL {
    let dir = try temporaryDirectory()
    try FileManager.default.copyItem(
        at: TestPaths.root.appendingPathComponent("zones"), to: dir.appendingPathComponent("zones"))
    try "zones: zones\noutput: dist\npublish:\n  target: store\n".write(
        to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
    let build = try zonectl("build", in: dir)
    try #require(build.status == 0, "\(build.stderr)")
    let publish = try zonectl("publish", in: dir)
    try #require(publish.status == 0, "\(publish.stderr)")
    return dir
}
