import Foundation
import Testing

/// A build with other encoder settings published onto a local store that holds its names
/// already: the manifest describes the stored bytes (README, "Encodings that changed").
@Suite struct PublishEncodingTests {
    @Test(.tags(.slow)) func aRebuildAtAnotherLevelPublishesTheStoredSizes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: TestPaths.root.appendingPathComponent("zones"), to: dir.appendingPathComponent("zones"))
        try EncodingChange(dir: dir, target: "store").run()
    }
}
