import Foundation
import S3Upload
import TestSupport
import Testing

extension S3PublishTests {
    /// `zonectl publish` and `verify`: signed, checked, idempotent.
    @Suite struct Basics {
        @Test func publishToS3IsSignedCheckedAndIdempotent() throws {
            let server = try MotoServer.require()
            let client = try server.client()

            let dir = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            try FileManager.default.copyItem(
                at: TestPaths.root.appendingPathComponent("zones"), to: dir.appendingPathComponent("zones"))
            #expect(try zonectl("build", "--zones", "zones", "--out", "dist", in: dir).status == 0)

            let target = "s3://\(MotoServer.bucket)/zones-test"
            var env = ProcessInfo.processInfo.environment
            env["HOME"] = dir.path
            env["AWS_ENDPOINT_URL"] = "http://127.0.0.1:\(server.port)"
            env["AWS_REGION"] = "us-east-1"
            env["AWS_ACCESS_KEY_ID"] = server.credentials.accessKeyID
            env["AWS_SECRET_ACCESS_KEY"] = "wrong-secret-0123456789"

            // A wrong secret: 403, exit 2, nothing written, and the secret is not printed.
            let denied = try zonectl("publish", "--dist", "dist", "--target", target, in: dir, environment: env)
            #expect(denied.status == 2)
            #expect(denied.stderr.contains("403"))
            #expect(!denied.stderr.contains("wrong-secret") && !denied.stdout.contains("wrong-secret"))
            #expect(try client.listAllObjects(prefix: "zones-test").isEmpty)

            env["AWS_SECRET_ACCESS_KEY"] = server.credentials.secretAccessKey
            let first = try zonectl("publish", "--dist", "dist", "--target", target, in: dir, environment: env)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stderr.isEmpty, "\(first.stderr)")
            #expect(first.stdout.contains("10 objects written"))
            #expect(first.stdout.contains("manifest: \(target)/manifest.json\n"))
            #expect(first.stdout.hasSuffix("requests: GET 3, PUT 10\n"))
            let keys = try client.listAllObjects(prefix: "zones-test").map(\.key)
            #expect(keys.count == 10)
            #expect(keys.contains("zones-test/manifest.json"))

            // Objects carry the headers clients need.
            let artifact = try #require(keys.first { $0.hasPrefix("zones-test/zones/paris/") })
            let head = try client.headObject(key: artifact)
            #expect(head.contentType == "application/geo+json")
            #expect(head.contentEncoding == "gzip")
            #expect(head.cacheControl == "public, max-age=31536000, immutable")
            let manifestHead = try client.headObject(key: "zones-test/manifest.json")
            #expect(manifestHead.cacheControl == "public, max-age=60")

            // A client polling with the manifest's ETag gets 304 while nothing changed.
            #expect(
                try client.getObject(key: "zones-test/manifest.json", ifNoneMatch: manifestHead.etag) == .notModified)

            let again = try zonectl("publish", "--dist", "dist", "--target", target, in: dir, environment: env)
            #expect(again.stdout.hasPrefix("up to date"))
            #expect(try client.headObject(key: "zones-test/manifest.json").etag == manifestHead.etag)

            let verify = try zonectl("verify", "--target", target, in: dir, environment: env)
            #expect(verify.status == 0, "\(verify.stderr)")
            #expect(verify.stdout.contains("8 objects checked, 0 problems"))
        }
    }
}
