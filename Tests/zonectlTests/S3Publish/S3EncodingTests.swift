import Foundation
import TestSupport
import Testing

extension S3PublishTests {
    /// A build with other encoder settings published onto an S3 prefix that holds its names
    /// already: the manifest describes the stored bytes, `verify` and `sync` accept it.
    @Suite struct Encodings {
        @Test func aRebuildAtAnotherLevelPublishesTheStoredSizes() throws {
            let ws = try S3Workspace("encodings")
            defer { ws.remove() }
            try EncodingChange(dir: ws.dir, target: ws.target, environment: ws.environment()).run()
        }
    }
}
