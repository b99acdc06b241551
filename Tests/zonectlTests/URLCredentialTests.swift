import Foundation
import Testing

/// No output shows a URL's credentials: userinfo and signed-query values are printed as `***`
/// on stdout and stderr, in every format, and never reach a written JSON file.
@Suite struct URLCredentialTests {
    /// Strings that may appear only in the arguments and the environment.
    static let secrets = ["secretpw", "SIGSECRET", "CREDSECRET", "TOKSECRET", "AKIASECRET"]
    static let userinfo = "https://user:secretpw@cdn.example.com/zones"
    static let signed =
        "https://cdn.example.com/zones?X-Amz-Credential=CREDSECRET%2F20260101&X-Amz-Signature=SIGSECRET"
        + "&X-Amz-Security-Token=TOKSECRET&AWSAccessKeyId=AKIASECRET&Signature=SIGSECRET"

    /// Every JSON file below `dir`, as text.
    func writtenJSON(_ dir: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: dir.path))
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            out[relative] = (try? String(contentsOf: dir.appendingPathComponent(relative), encoding: .utf8)) ?? ""
        }
        return out
    }

    /// Runs zonectl in `dir`; checks it failed with `status`, that no output or written JSON file
    /// holds a secret, and that the redacted URL (`***`) is what was printed.
    func expectNoSecrets(
        _ arguments: [String], in dir: URL, environment: [String: String]? = nil, status: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let r = try run(TestPaths.zonectl.path, arguments, in: dir, environment: environment)
        #expect(r.status == status, "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains("***"), "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
        for secret in Self.secrets {
            #expect(!r.stdout.contains(secret), "\(arguments) stdout: \(r.stdout)", sourceLocation: sourceLocation)
            #expect(!r.stderr.contains(secret), "\(arguments) stderr: \(r.stderr)", sourceLocation: sourceLocation)
            for (file, text) in try writtenJSON(dir) where text.contains(secret) {
                Issue.record("\(arguments) wrote \(secret) to \(file)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("targets, --against, --from and --base-url with credentials are printed redacted", .tags(.slow))
    func commandLineURLs() throws {
        let dir = try sampleWorkspace(publish: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for url in [Self.userinfo, Self.signed, "s3://key:secretpw@bucket/zones", "gs://key:secretpw@bucket/zones"] {
            for arguments in [
                ["publish", "--target", url], ["publish", "--format", "json", "--target", url],
                ["verify", "--target", url], ["versions", "--target", url],
                ["rollback", "--target", url, "20260101T000000Z"], ["diff", "--no-cache", "--against", url],
                ["diff", "--no-cache", "--format", "json", "--against", url], ["lookup", "--from", url, "0", "0"],
            ] {
                try expectNoSecrets(arguments, in: dir, status: 64)
            }
        }
        try expectNoSecrets(["sync", "--from", "s3://key:secretpw@bucket/zones", "--cache", "c"], in: dir, status: 64)
        // Read over HTTP from a port where nothing listens: the failure names the URL, redacted.
        for url in [
            "http://user:secretpw@127.0.0.1:1/zones",
            "http://127.0.0.1:1/zones?" + Self.signed.split(separator: "?")[1],
        ] {
            try expectNoSecrets(["sync", "--from", url, "--cache", "cache"], in: dir, status: 2)
            try expectNoSecrets(["sync", "--format", "json", "--from", url, "--cache", "cache"], in: dir, status: 2)
        }
        for url in [Self.userinfo, Self.signed] {
            try expectNoSecrets(
                ["style", "--from", "dist", "--base-url", url, "--out", "style.json"], in: dir, status: 2)
            try expectNoSecrets(
                [
                    "style", "--from", "dist", "--base-url", "https://cdn.example.com/", "--glyphs",
                    url + "/{fontstack}/{range}.pbf",
                ], in: dir, status: 2)
        }
    }

    @Test("an S3 endpoint with user info, from AWS_ENDPOINT_URL or pipeline.yml, is printed redacted")
    func endpoints() throws {
        let dir = try sampleWorkspace(publish: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var environment = ProcessInfo.processInfo.environment
        environment["AWS_ACCESS_KEY_ID"] = "AKIAEXAMPLE"
        environment["AWS_SECRET_ACCESS_KEY"] = "example"
        environment["AWS_ENDPOINT_URL"] = "http://user:secretpw@127.0.0.1:9"
        for arguments in [
            ["publish", "--target", "s3://bucket/zones"],
            ["publish", "--format", "json", "--target", "s3://bucket/zones"],
            ["verify", "--target", "s3://bucket/zones"], ["versions", "--target", "s3://bucket/zones"],
            ["rollback", "--target", "s3://bucket/zones", "20260101T000000Z"],
            ["diff", "--no-cache", "--against", "s3://bucket/zones"],
            ["sync", "--from", "s3://bucket/zones", "--cache", "cache"],
        ] {
            try expectNoSecrets(arguments, in: dir, environment: environment, status: 2)
        }
        environment["AWS_ENDPOINT_URL"] = nil
        try "output: dist\npublish:\n  endpoint: http://user:secretpw@127.0.0.1:9\n".write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        try expectNoSecrets(["publish", "--target", "s3://bucket/zones"], in: dir, environment: environment, status: 2)
        try "output: dist\npublish:\n  endpoint: ftp://user:secretpw@127.0.0.1:9\n".write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        try expectNoSecrets(["publish", "--target", "s3://bucket/zones"], in: dir, environment: environment, status: 1)
        try "output: dist\npublish:\n  target: https://user:secretpw@cdn.example.com/zones\n".write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        for format in ["text", "json", "github"] {
            try expectNoSecrets(["validate", "--format", format], in: dir, status: 1)
        }
        try expectNoSecrets(["publish"], in: dir, status: 1)
    }
}
