import Crypto
import Foundation
import S3Upload
import TestSupport
import Testing

extension MotoS3Tests {
    /// Transient failures injected by `FaultProxy` between the client and moto.
    @Suite("faults and retries")
    struct Faults {
        /// moto, a proxy in front of it, and a client through the proxy with backoffs of
        /// 10 s · 2^n (recorded, not waited).
        private func setUp(
            maxAttempts: Int, faults: [FaultProxy.Fault], configure: (inout S3ClientConfiguration) -> Void = { _ in }
        ) throws -> (MotoServer, FaultProxy, S3Client, RecordingEnvironment) {
            let moto = try MotoServer.require()
            let proxy = try FaultProxy(upstreamPort: moto.port)
            let recording = RecordingEnvironment(fraction: 0.5)
            let client = try moto.client(port: proxy.port, environment: recording.environment) {
                $0.maxAttempts = maxAttempts
                $0.baseBackoff = .seconds(10)
                $0.maxBackoff = .seconds(60)
                configure(&$0)
            }
            proxy.reset(faults: faults)
            return (moto, proxy, client, recording)
        }

        @Test("two 503 SlowDown answers are retried: the third attempt lands, each attempt signed anew")
        func slowDownRecovers() throws {
            let (moto, proxy, client, recording) = try setUp(maxAttempts: 4, faults: [.slowDown, .slowDown])
            defer { proxy.stop() }
            let key = uniquePrefix("slowdown") + "/a.gz"
            let body = testBytes(5000)
            let etag = try client.putObject(key: key, body: body)
            #expect(try moto.client().headObject(key: key).etag == etag)

            let requests = proxy.requests
            #expect(requests.count == 3)
            #expect(requests.allSatisfy { $0.method == "PUT" })
            // The wire form of every attempt: the body's length and checksum (moto does not check Content-MD5).
            let md5 = Data(Insecure.MD5.hash(data: body)).base64EncodedString()
            #expect(requests.allSatisfy { $0.headers["content-md5"] == md5 && $0.headers["content-length"] == "5000" })
            #expect(requests.allSatisfy { $0.headers["expect"] == nil })
            #expect(Set(requests.compactMap { $0.headers["x-amz-date"] }).count == 3, "each attempt has its own date")
            #expect(
                Set(requests.compactMap { $0.headers["authorization"] }).count == 3,
                "each attempt has its own signature")
            // Full jitter with fraction 0.5: half of 10 s, then half of 20 s (minus time already spent).
            let sleeps = recording.sleeps
            #expect(sleeps.count == 2)
            if sleeps.count == 2 {
                #expect(sleeps[0] > .seconds(4) && sleeps[0] <= .seconds(5))
                #expect(sleeps[1] > .seconds(9) && sleeps[1] <= .seconds(10))
            }
        }

        @Test("when every attempt gets SlowDown, the client gives up after exactly maxAttempts attempts")
        func slowDownExhausts() throws {
            let (_, proxy, client, recording) = try setUp(maxAttempts: 3, faults: Array(repeating: .slowDown, count: 5))
            defer { proxy.stop() }
            #expect(
                throws: S3Error.retriesExhausted(
                    attempts: 3,
                    last: .http(
                        status: 503, code: "SlowDown", message: "Please reduce your request rate.",
                        requestID: "FAULTPROXY"))
            ) {
                try client.putObject(key: uniquePrefix("exhaust") + "/a.gz", body: [1, 2, 3])
            }
            #expect(proxy.requests.count == 3)
            #expect(proxy.pendingFaults.count == 2)
            #expect(recording.sleeps.count == 2)
        }

        @Test("a connection reset in the middle of the response body is retried; alone it is a transport error")
        func resetMidResponse() throws {
            let (moto, proxy, client, _) = try setUp(maxAttempts: 3, faults: [.resetMidResponse])
            defer { proxy.stop() }
            let key = uniquePrefix("reset-response") + "/big.gz"
            let body = testBytes(300_000)
            _ = try moto.client().putObject(key: key, body: body)
            guard case .object(let object) = try client.getObject(key: key) else {
                Issue.record("expected the object")
                return
            }
            #expect(object.body == body)
            #expect(proxy.requests.count == 2)

            let once = try moto.client(port: proxy.port) { $0.maxAttempts = 1 }
            proxy.reset(faults: [.resetMidResponse])
            let error = try #require(throws: S3Error.self) { try once.getObject(key: key) }
            guard case .transport(let code, _) = error else {
                Issue.record("expected .transport, got \(error)")
                return
            }
            #expect([18, 56].contains(code), "curl error \(code): partial file or receive failure")
            #expect(proxy.requests.count == 1)
        }

        @Test("a connection reset while the request body is being sent is retried and the object lands whole")
        func resetMidRequest() throws {
            let (moto, proxy, client, _) = try setUp(maxAttempts: 3, faults: [.resetMidRequest])
            defer { proxy.stop() }
            let key = uniquePrefix("reset-request") + "/big.gz"
            let body = testBytes(400_000, seed: 7)
            let etag = try client.putObject(key: key, body: body)
            #expect(etag == "\"\(md5Hex(body))\"")
            #expect(proxy.requests.count == 2)
            guard case .object(let object) = try moto.client().getObject(key: key) else {
                Issue.record("expected the object")
                return
            }
            #expect(object.body == body)
        }

        @Test("a server that stalls longer than the low-speed time is abandoned (curl error 28) and retried")
        func stall() throws {
            let (moto, proxy, client, _) = try setUp(maxAttempts: 2, faults: [.stall(seconds: 5)]) {
                $0.lowSpeedLimit = 1
                $0.lowSpeedTime = .seconds(1)
            }
            defer { proxy.stop() }
            let key = uniquePrefix("stall") + "/manifest.json"
            let body = testBytes(1000)
            _ = try moto.client().putObject(key: key, body: body)
            // A GET: nothing was uploaded, so curl's speed average is 0 from the start of the stall.
            let started = ContinuousClock.now
            #expect(
                try client.getObject(key: key)
                    == .object(S3Object(body: body, metadata: try moto.client().headObject(key: key))))
            let elapsed = ContinuousClock.now - started
            #expect(proxy.requests.count == 2)
            #expect(elapsed >= .seconds(1) && elapsed < .seconds(4), "took \(elapsed)")

            proxy.reset(faults: [.stall(seconds: 5)])
            let once = try MotoServer.require().client(port: proxy.port) {
                $0.maxAttempts = 1
                $0.lowSpeedTime = .seconds(1)
            }
            #expect {
                try once.headObject(key: key)
            } throws: { error in
                guard case .transport(let code, _) = error as? S3Error else { return false }
                return code == 28
            }
        }
    }
}
