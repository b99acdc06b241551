import S3Upload
import TestSupport
import Testing

extension MotoS3Tests {
    @Suite("parallel transfers")
    struct Parallel {
        @Test("50 PUTs with concurrency 8: all land, results in request order, at most 8 connections at once")
        func fiftyPuts() throws {
            let moto = try MotoServer.require()
            let proxy = try FaultProxy(upstreamPort: moto.port)
            defer { proxy.stop() }
            let client = try moto.client(port: proxy.port, configure: { $0.concurrency = 8 })
            let prefix = uniquePrefix("parallel")
            let uploads = (0..<50).map { number in
                S3ObjectUpload(
                    key: prefix + String(format: "/%02d.gz", number),
                    body: testBytes(1000 + number * 37, seed: UInt8(number)),
                    contentType: "application/geo+json", contentEncoding: "gzip")
            }
            let results = client.putObjects(uploads)
            #expect(results.count == 50)
            for (upload, result) in zip(uploads, results) {
                #expect(try result.get() == "\"\(md5Hex(upload.body))\"", "\(upload.key)")
            }
            #expect(proxy.requests.count == 50)
            #expect(proxy.maxConcurrentRequests <= 8)
            #expect(proxy.maxConcurrentRequests >= 2, "transfers did not overlap")

            let listed = try moto.client().listAllObjects(prefix: prefix)
            #expect(listed.map(\.key) == uploads.map(\.key))
            #expect(listed.map(\.size) == uploads.map { Int64($0.body.count) })
        }

        @Test("a batch mixes outcomes: each request gets its own result, in order")
        func mixedBatch() throws {
            let client = try MotoServer.require().client(configure: { $0.concurrency = 3 })
            let prefix = uniquePrefix("mixed")
            _ = try client.putObject(key: prefix + "/exists", body: [1])
            let results = client.perform([
                .getObject(key: prefix + "/exists"),
                .getObject(key: prefix + "/missing"),
                .putObject(S3ObjectUpload(key: prefix + "/exists", body: [2], condition: .ifAbsent)),
                S3Request(method: "GET", key: ""),
                .headObject(key: prefix + "/exists"),
            ])
            #expect(try results[0].get().body == [1])
            #expect(throws: S3Error.notFound) { try results[1].get() }
            #expect(throws: S3Error.preconditionFailed) { try results[2].get() }
            guard case .failure(.invalidRequest) = results[3] else {
                Issue.record("expected .invalidRequest, got \(results[3])")
                return
            }
            #expect(try results[4].get().status == 200)
        }
    }
}
