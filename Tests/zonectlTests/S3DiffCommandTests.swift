import Foundation
import S3Upload
import TestSupport
import Testing

/// `zonectl diff --against s3://…`: the published version read from a real S3 API
/// (moto_server on 127.0.0.1, signature checking on).
@Suite(.serialized, .tags(.moto, .python)) struct S3DiffCommandTests {
    @Test func diffAgainstAnS3TargetReportsTheEditedGroups() throws {
        let server = try MotoServer.start()
        defer { server.stop() }
        try server.client().createBucket()
        let w = try DiffCommandTests.Workspace()
        defer { w.remove() }

        let target = "s3://\(MotoServer.bucket)/basel"
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = w.dir.path
        env["AWS_ENDPOINT_URL"] = "http://127.0.0.1:\(server.port)"
        env["AWS_REGION"] = "us-east-1"
        env["AWS_ACCESS_KEY_ID"] = server.credentials.accessKeyID
        env["AWS_SECRET_ACCESS_KEY"] = server.credentials.secretAccessKey
        let publish = try run(TestPaths.zonectl.path, ["publish", "--target", target], in: w.dir, environment: env)
        #expect(publish.status == 0, "\(publish.stderr)")

        let same = try w.diff("--against", target, "--exit-code", environment: env)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.hasPrefix(target))
        #expect(same.stdout.contains("no changes"))

        let expected = try w.edit()
        let r = try w.diff("--against", target, "--exit-code", "--format", "json", environment: env)
        #expect(r.status == 1, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any])
        let groups = (doc["cities"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]] ?? []
        #expect(
            Set(groups.filter { $0["status"] as? String == "changed" }.compactMap { $0["group"] as? String })
                == [expected.moved, expected.deleted, expected.added])

        // A wrong secret: 403, exit 2, and the secret is not printed.
        env["AWS_SECRET_ACCESS_KEY"] = "wrong-secret-0123456789"
        let denied = try w.diff("--against", target, environment: env)
        #expect(denied.status == 2)
        #expect(denied.stderr.contains("403"))
        #expect(!denied.stderr.contains("wrong-secret") && !denied.stdout.contains("wrong-secret"))
    }
}
