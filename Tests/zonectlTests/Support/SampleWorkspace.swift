import Foundation
import Testing

/// A working directory with pipeline.yml (`output: dist`) and two sample cities (bari,
/// copenhagen) in zones/; with `userFile`, a file of the user's (notes.txt); with `build`, built
/// to dist/; with `publish`, published to store/.
func sampleWorkspace(userFile: Bool = false, build: Bool = false, publish: Bool = false) throws -> URL {
    let dir = try temporaryDirectory()
    let zones = dir.appendingPathComponent("zones")
    try FileManager.default.createDirectory(at: zones, withIntermediateDirectories: true)
    for city in ["bari", "copenhagen"] {
        try FileManager.default.copyItem(
            at: TestPaths.root.appendingPathComponent("zones/\(city).geojson"),
            to: zones.appendingPathComponent("\(city).geojson"))
    }
    try "output: dist\n".write(to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
    if userFile {
        try "mine".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    }
    if build || publish {
        let built = try zonectl("build", "--no-cache", in: dir)
        try #require(built.status == 0, "\(built.stderr)")
    }
    if publish {
        let published = try zonectl("publish", "--target", "store", in: dir)
        try #require(published.status == 0, "\(published.stderr)")
    }
    return dir
}

/// Every file below `dir` (relative path → bytes).
func fileTree(_ dir: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let walker = try #require(FileManager.default.enumerator(atPath: dir.path))
    while let relative = walker.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let path = dir.appendingPathComponent(relative).path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            out[relative] = FileManager.default.contents(atPath: path)
        }
    }
    return out
}

/// Runs zonectl in `dir` and checks that it exited 2 with `refusal` and `reason` on stderr,
/// changing no file below `dir`.
func expectRefusal(
    _ arguments: [String], in dir: URL, refusal: String, reason: String, sourceLocation: SourceLocation
) throws {
    let before = try fileTree(dir)
    let r = try run(TestPaths.zonectl.path, arguments, in: dir)
    #expect(r.status == 2, "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.stderr.contains(refusal), "\(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.stderr.contains(reason), "\(r.stderr)", sourceLocation: sourceLocation)
    #expect(try fileTree(dir) == before, "\(arguments) changed files", sourceLocation: sourceLocation)
}
