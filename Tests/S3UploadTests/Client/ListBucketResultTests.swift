import Testing

@testable import S3Upload

@Suite("ListObjectsV2 XML")
struct ListBucketResultTests {
    @Test("a truncated page: entries with decoded keys and ETags, and the next token")
    func truncatedPage() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
              <Name>zones</Name><Prefix>zones/</Prefix><KeyCount>2</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>true</IsTruncated>
              <Contents><Key>zones/a&amp;b.json</Key><LastModified>2024-01-02T03:04:05.000Z</LastModified>
                <ETag>&quot;9b2cf535f27731c974343645a3985328&quot;</ETag><Size>1234</Size><StorageClass>STANDARD</StorageClass></Contents>
              <Contents><Key>zones/c.json</Key><LastModified>2024-01-02T03:04:06.000Z</LastModified><ETag>"e1"</ETag><Size>0</Size></Contents>
              <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
            </ListBucketResult>
            """
        let page = try ListBucketResult.parse(Array(xml.utf8))
        #expect(
            page.objects == [
                S3ObjectSummary(
                    key: "zones/a&b.json", size: 1234, etag: "\"9b2cf535f27731c974343645a3985328\"",
                    lastModified: "2024-01-02T03:04:05.000Z"),
                S3ObjectSummary(key: "zones/c.json", size: 0, etag: "\"e1\"", lastModified: "2024-01-02T03:04:06.000Z"),
            ])
        #expect(page.nextContinuationToken == "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
    }

    @Test("the last page has no token even if one is present")
    func lastPage() throws {
        let xml =
            "<ListBucketResult><IsTruncated>false</IsTruncated><NextContinuationToken>x</NextContinuationToken></ListBucketResult>"
        #expect(try ListBucketResult.parse(Array(xml.utf8)) == S3ListPage(objects: [], nextContinuationToken: nil))
    }

    @Test(
        "bodies that are not a complete ListBucketResult are rejected",
        arguments: [
            "<Error><Code>x</Code></Error>",
            "<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>",
            "<ListBucketResult><Contents><Key>k</Key><Size>big</Size></Contents></ListBucketResult>",
            "<ListBucketResult><Contents>",
        ])
    func rejects(xml: String) {
        #expect(throws: S3Error.self) { try ListBucketResult.parse(Array(xml.utf8)) }
    }
}
