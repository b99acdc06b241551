import S3Upload
import TestSupport
import Testing

@Suite("Transport errors without a server")
struct TransportErrorTests {
    @Test("connection refused is a transport error, retried up to maxAttempts")
    func connectionRefused() throws {
        let port = try LoopbackSocket.freePort()  // nothing listens there now
        let recording = RecordingEnvironment()
        var configuration = S3ClientConfiguration(
            endpoint: try S3Endpoint(scheme: .http, host: "127.0.0.1", port: port), region: "us-east-1", bucket: "zones"
        )
        configuration.maxAttempts = 2
        let client = try S3Client(
            configuration: configuration, credentials: Credentials(accessKeyID: "AKID", secretAccessKey: "secret"),
            environment: recording.environment)
        let error = try #require(throws: S3Error.self) { try client.headObject(key: "k") }
        guard case .retriesExhausted(let attempts, .transport(let code, let message)) = error else {
            Issue.record("expected exhausted retries of a transport error, got \(error)")
            return
        }
        #expect(attempts == 2)
        #expect(code == 7)  // CURLE_COULDNT_CONNECT
        #expect(!message.isEmpty)
        #expect(recording.sleeps.count == 1)
    }
}
