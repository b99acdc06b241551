import Foundation
import Testing

@testable import ZonePipeline

/// What a write into an owned directory leaves: the marker says when a write finished, and
/// only after a write that did not (or of a marker that does not say) are the folders listed
/// for the temporary files an interrupted write leaves.
@Suite struct OwnedDirectoryWriteTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("owned-write-\(UUID().uuidString)")

    func write(_ files: [String: String]) throws {
        try OwnedDirectory.check(root.path, for: .buildOutput).replaceContents(
            with: files.map { .init(path: $0.key, bytes: Array($0.value.utf8)) }, last: ["manifest.json"])
    }

    func marker() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent(OwnedDirectory.markerName))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A temporary file, as a write interrupted before its rename leaves one.
    func plantTemporary() throws -> String {
        let path = root.appendingPathComponent("zones/a/.zonectl-tmp-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("half".utf8)))
        return path
    }

    func editMarker(_ edit: (inout [String: Any]) -> Void) throws {
        var m = try marker()
        edit(&m)
        try JSONSerialization.data(withJSONObject: m).write(to: root.appendingPathComponent(OwnedDirectory.markerName))
    }

    @Test func temporariesAreLookedForOnlyAfterAnUnfinishedWrite() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(["zones/a/a.gz": "a", "manifest.json": "{}"])
        #expect(try marker()["writing"] as? Bool == false)
        #expect(try marker()["files"] as? [String] == ["manifest.json", "zones/a/a.gz"])

        // After a finished write nothing was left: the folders are not listed again.
        let untouched = try plantTemporary()
        try write(["zones/a/a.gz": "a2", "manifest.json": "{}"])
        #expect(FileManager.default.fileExists(atPath: untouched))
        try FileManager.default.removeItem(atPath: untouched)

        // A write that stopped halfway (its marker still says it is writing): cleaned up.
        try editMarker { $0["writing"] = true }
        let interrupted = try plantTemporary()
        try write(["zones/a/a.gz": "a3", "manifest.json": "{}"])
        #expect(!FileManager.default.fileExists(atPath: interrupted))
        #expect(try marker()["writing"] as? Bool == false)

        // A marker of a version that did not record it: cleaned up too.
        try editMarker { $0.removeValue(forKey: "writing") }
        let legacy = try plantTemporary()
        try write(["zones/a/a.gz": "a4", "manifest.json": "{}"])
        #expect(!FileManager.default.fileExists(atPath: legacy))
        #expect(
            String(decoding: try Data(contentsOf: root.appendingPathComponent("zones/a/a.gz")), as: UTF8.self) == "a4")
    }
}
