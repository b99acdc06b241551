import Foundation
import TestSupport
import Testing

extension S3PublishTests {
    /// `zonectl sync --from s3://…`: read through the signed S3 client, only the changed city fetched.
    @Suite struct Sync {
        @Test func syncFromS3FetchesOnlyTheChangedCity() throws {
            let ws = try S3Workspace("sync")
            defer { ws.remove() }
            try ws.build("dist")
            #expect(try ws.publish("dist").status == 0)
            let sync = { () throws -> (Int32, SyncJSON?, String) in
                let r = try runProcess(
                    TestPaths.zonectl.path, ["sync", "--from", ws.target, "--cache", "cache", "--format", "json"],
                    in: ws.dir, environment: ws.environment())
                return (r.status, try? JSONDecoder().decode(SyncJSON.self, from: Data(r.stdout.utf8)), r.stderr)
            }
            let first = try sync()
            try #require(first.0 == 0, "\(first.2)")
            // 7 cities, the style table, the 3 point band files (metatiles and indexes on first use).
            #expect(first.1?.status == "updated" && first.1?.fetched.count == 11)
            let again = try sync()
            #expect(again.0 == 0 && again.1?.status == "current" && again.1?.fetched == [])

            try ws.build("dist2", parisLongitude: "2.339990")
            #expect(try ws.publish("dist2").status == 0)
            let second = try sync()
            try #require(second.0 == 0, "\(second.2)")
            #expect(second.1?.fetched.count == 1 && second.1?.fetched.first?.contains("paris") == true, "\(second.1!)")
            #expect(second.1?.removed.count == 1)
            let verify = try zonectl("verify", "--target", "cache", in: ws.dir)
            #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        }
    }
}
