import S3Upload
import TestSupport
import Testing

extension MotoS3Tests {
    @Suite("authentication")
    struct Authentication {
        @Test("a wrong secret gets 403 SignatureDoesNotMatch, sent once (never retried), and no secret in the error")
        func wrongSecret() throws {
            let moto = try MotoServer.require()
            let proxy = try FaultProxy(upstreamPort: moto.port)
            defer { proxy.stop() }
            let wrongSecret = "wrong-secret-0123456789abcdefghijklmnopqr"
            let client = try moto.client(
                port: proxy.port,
                credentials: Credentials(accessKeyID: moto.credentials.accessKeyID, secretAccessKey: wrongSecret),
                configure: { $0.maxAttempts = 4 })
            let error = try #require(throws: S3Error.self) {
                try client.putObject(key: uniquePrefix("auth") + "/k", body: [1, 2, 3])
            }
            guard case .http(let status, let code, _, _) = error else {
                Issue.record("expected .http, got \(error)")
                return
            }
            #expect(status == 403)
            #expect(code == "SignatureDoesNotMatch")
            #expect(proxy.requests.count == 1)
            for text in [String(describing: error), String(reflecting: error), String(describing: client)] {
                #expect(!text.contains(wrongSecret))
                #expect(!text.contains(moto.credentials.secretAccessKey))
                #expect(!text.contains("Signature="))
            }
        }

        @Test("an unknown access key gets 403 InvalidAccessKeyId")
        func unknownKey() throws {
            let client = try MotoServer.require().client(
                credentials: Credentials(accessKeyID: "AKIAUNKNOWNKEY000000", secretAccessKey: "irrelevant"))
            #expect {
                try client.listObjectsV2(prefix: "x")
            } throws: { error in
                guard case .http(let status, let code, _, _) = error as? S3Error else { return false }
                return status == 403 && code == "InvalidAccessKeyId"
            }
        }

        @Test("412 is not retried either")
        func preconditionNotRetried() throws {
            let moto = try MotoServer.require()
            let proxy = try FaultProxy(upstreamPort: moto.port)
            defer { proxy.stop() }
            let client = try moto.client(port: proxy.port, configure: { $0.maxAttempts = 4 })
            let key = uniquePrefix("no-retry-412") + "/k"
            _ = try client.putObject(key: key, body: [1])
            proxy.reset()
            #expect(throws: S3Error.preconditionFailed) {
                try client.putObject(key: key, body: [2], condition: .ifAbsent)
            }
            #expect(proxy.requests.count == 1)
        }
    }
}
