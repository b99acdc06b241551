import Foundation
import Testing

@testable import S3Upload

private let credentials = Credentials(
    accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
private let date = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z

private func client(_ url: String, _ style: S3AddressingStyle, bucket: String = "zones") throws -> S3Client {
    try S3Client(
        configuration: S3ClientConfiguration(
            endpoint: S3Endpoint(url: url), region: "us-east-1", bucket: bucket, addressingStyle: style),
        credentials: credentials)
}

@Suite("Requests as sent")
struct RequestBuildingTests {
    @Test("path-style: the bucket leads the path; Host carries a non-default port")
    func pathStyle() throws {
        let request = S3Request.putObject(S3ObjectUpload(key: "zones/berlin.json.gz", body: Array("hello".utf8)))
        let (url, signed) = try client("http://127.0.0.1:9000", .path).signed(
            request, payloadHash: .sha256(of: request.body), date: date)
        #expect(url == "http://127.0.0.1:9000/zones/zones/berlin.json.gz")
        #expect(signed.values(forHeader: "host") == ["127.0.0.1:9000"])
        #expect(signed.values(forHeader: "content-length") == ["5"])
        #expect(signed.values(forHeader: "x-amz-content-sha256") == [PayloadHash.sha256(of: Array("hello".utf8)).value])
        let authorization = try #require(signed.values(forHeader: "authorization").first)
        #expect(authorization.contains("Credential=AKIDEXAMPLE/20150830/us-east-1/s3/aws4_request"))
        #expect(authorization.contains("SignedHeaders=content-length;content-md5;host;x-amz-content-sha256;x-amz-date"))
    }

    @Test("virtual-hosted: the bucket leads the host; the path is the key")
    func virtualHosted() throws {
        let request = S3Request.getObject(key: "a b/ü.json")
        let (url, signed) = try client("https://s3.eu-west-1.amazonaws.com", .virtualHosted).signed(
            request, payloadHash: .emptyBody, date: date)
        #expect(url == "https://zones.s3.eu-west-1.amazonaws.com/a%20b/%C3%BC.json")
        #expect(signed.values(forHeader: "host") == ["zones.s3.eu-west-1.amazonaws.com"])
        #expect(signed.values(forHeader: "content-length").isEmpty)
    }

    @Test("ListObjectsV2: bucket path, encoded and sorted query")
    func listQuery() throws {
        let request = S3Request.listObjectsV2(prefix: "zones/", continuationToken: "a+b/c=", maxKeys: 3)
        let (pathURL, _) = try client("http://127.0.0.1:9000", .path).signed(
            request, payloadHash: .emptyBody, date: date)
        #expect(
            pathURL
                == "http://127.0.0.1:9000/zones?continuation-token=a%2Bb%2Fc%3D&list-type=2&max-keys=3&prefix=zones%2F")
        let (virtualURL, _) = try client("http://localhost:9000", .virtualHosted).signed(
            request, payloadHash: .emptyBody, date: date)
        #expect(virtualURL.hasPrefix("http://zones.localhost:9000/?continuation-token="))
    }

    @Test("PUT headers: Content-MD5 is the base64 MD5 of the body; metadata and condition are sent")
    func putHeaders() {
        let upload = S3ObjectUpload(
            key: "k", body: Array("The quick brown fox jumps over the lazy dog".utf8),
            contentType: "application/geo+json",
            contentEncoding: "gzip", cacheControl: "public, max-age=60", condition: .ifMatch("\"abc\""))
        let request = S3Request.putObject(upload)
        #expect(request.method == "PUT")
        // RFC 1321 test vector: 9e107d9d372bb6826bd81d3542a419d6.
        #expect(request.headers.first { $0.name == "Content-MD5" }?.value == "nhB9nTcrtoJr2B01QqQZ1g==")
        #expect(ContentMD5.value(of: []) == "1B2M2Y8AsgTpgAmY7PhCfg==")
        let names = request.headers.map(\.name)
        #expect(names == ["Content-MD5", "Content-Type", "Content-Encoding", "Cache-Control", "If-Match"])
        #expect(
            S3Request.putObject(S3ObjectUpload(key: "k", body: [], condition: .ifAbsent)).headers.last
                == .init("If-None-Match", "*"))
    }

    @Test("outside us-east-1 CreateBucket names the region")
    func createBucketBody() {
        #expect(S3Request.createBucket(region: "us-east-1").body.isEmpty)
        let body = String(decoding: S3Request.createBucket(region: "eu-central-1").body, as: UTF8.self)
        #expect(body.contains("<LocationConstraint>eu-central-1</LocationConstraint>"))
    }

    @Test(
        "requests that cannot be sent fail before any transfer",
        arguments: [
            S3Request(method: "PUT", key: "", body: [1]),
            S3Request(method: "GET", key: "k", body: [1]),
            S3Request(method: "PATCH", key: "k"),
            S3Request(method: "GET", key: "k", headers: [.init("X-Evil", "a\r\nHost: elsewhere")]),
            S3Request(method: "GET", key: "k", headers: [.init("Authorization", "mine")]),
            S3Request(method: "GET", key: "k", headers: [.init("Bad Name", "v")]),
            S3Request(method: "GET", key: String(repeating: "k", count: 1025)),
        ])
    func invalidRequests(request: S3Request) throws {
        // Port 9 (discard) on loopback: were anything sent, it would fail as .transport instead.
        let outcome = try client("http://127.0.0.1:9", .path).perform(request)
        guard case .failure(.invalidRequest) = outcome else {
            Issue.record("expected .invalidRequest, got \(outcome)")
            return
        }
    }
}
