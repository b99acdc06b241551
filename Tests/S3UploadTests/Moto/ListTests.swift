import S3Upload
import TestSupport
import Testing

extension MotoS3Tests {
    @Suite("listing")
    struct Listing {
        @Test("ListObjectsV2 pages through a prefix with small max-keys")
        func pagination() throws {
            let client = try MotoServer.require().client()
            let prefix = uniquePrefix("list")
            let keys = (0..<7).map { "\(prefix)/zone-\($0).gz" }
            for (number, key) in keys.enumerated() { _ = try client.putObject(key: key, body: testBytes(number + 1)) }
            _ = try client.putObject(key: "other-" + prefix + "x", body: [1])  // outside the prefix

            var pages: [S3ListPage] = []
            var token: String?
            repeat {
                let page = try client.listObjectsV2(prefix: prefix, continuationToken: token, maxKeys: 3)
                pages.append(page)
                token = page.nextContinuationToken
            } while token != nil && pages.count < 10
            #expect(pages.map(\.objects.count) == [3, 3, 1])
            #expect(pages.flatMap(\.objects).map(\.key) == keys)
            #expect(pages.flatMap(\.objects).map(\.size) == (1...7).map { Int64($0) })
            #expect(pages.flatMap(\.objects).map(\.etag) == (0..<7).map { "\"\(md5Hex(testBytes($0 + 1)))\"" })

            #expect(try client.listAllObjects(prefix: prefix, pageSize: 2).map(\.key) == keys)
            try client.deleteObject(key: keys[3])
            #expect(try client.listAllObjects(prefix: prefix, pageSize: 2).map(\.key) == keys.filter { $0 != keys[3] })
        }
    }
}
