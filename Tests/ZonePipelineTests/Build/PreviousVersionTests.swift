import Foundation
import Testing

@testable import ZonePipeline

/// The version of the build already in an output directory: a manifest's, and none for a file
/// that is not one.
@Suite struct PreviousVersionTests {
    @Test(
        arguments: [
            (#"{"schema": 3, "version": "20261126T101500Z", "cities": [{"id": "x"}]}"#, "20261126T101500Z"),
            (#"{"cities": [], "version": "v9", "schema": 1}"#, "v9"),
            (#"{"version": "v9"}"#, nil),  // no schema: not a manifest
            (#"{"schema": "3", "version": "v9"}"#, nil),
            (#"{"schema": 1.5, "version": "v9"}"#, nil),
            (#"{"schema": 3, "version": 7}"#, nil),
            (#"[1, 2]"#, nil),
            ("not json", nil),
        ] as [(String, String?)])
    func readsTheManifestsVersion(_ text: String, _ expected: String?) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("previous-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(BuildRequest.previousVersion(inOutput: dir.path) == nil)  // no manifest yet
        try Data(text.utf8).write(to: dir.appendingPathComponent("manifest.json"))
        #expect(BuildRequest.previousVersion(inOutput: dir.path) == expected)
    }
}
