import Foundation
import Testing

@testable import S3Upload

/// One request of `s3-vectors.md`: the inputs are written here, the answers come from the file.
struct S3Example: Sendable, CustomTestStringConvertible {
    let title: String
    let signer: SigV4Signer
    let date: Date
    let request: SignableRequest
    var testDescription: String { title }
}

private let s3DocSigner = SigV4Signer(
    credentials: Credentials(
        accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    region: "us-east-1")
private let zonectlSigner = SigV4Signer(
    credentials: Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
    region: "us-east-1")
private let may2013 = Date(timeIntervalSince1970: 1_369_353_600)  // 2013-05-24T00:00:00Z
private let jan2025 = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z
private let welcomeBody = Array("Welcome to Amazon S3.".utf8)
private typealias H = SignableRequest.Header
private typealias Q = SignableRequest.QueryItem

let s3Examples: [S3Example] = [
    S3Example(
        title: "s3-doc GET object Range", signer: s3DocSigner, date: may2013,
        request: SignableRequest(
            method: "GET", path: "/test.txt",
            headers: [H("Host", "examplebucket.s3.amazonaws.com"), H("Range", "bytes=0-9")],
            payloadHash: .emptyBody)),
    S3Example(
        title: "s3-doc PUT object", signer: s3DocSigner, date: may2013,
        request: SignableRequest(
            method: "PUT", path: "/test$file.text",
            headers: [
                H("Host", "examplebucket.s3.amazonaws.com"), H("Date", "Fri, 24 May 2013 00:00:00 GMT"),
                H("x-amz-storage-class", "REDUCED_REDUNDANCY"),
            ],
            payloadHash: .sha256(of: welcomeBody))),
    S3Example(
        title: "s3-doc GET ?lifecycle", signer: s3DocSigner, date: may2013,
        request: SignableRequest(
            method: "GET", path: "/", query: [Q("lifecycle")],
            headers: [H("Host", "examplebucket.s3.amazonaws.com")], payloadHash: .emptyBody)),
    S3Example(
        title: "s3-doc GET ?max-keys=2&prefix=J", signer: s3DocSigner, date: may2013,
        request: SignableRequest(
            method: "GET", path: "/", query: [Q("prefix", "J"), Q("max-keys", "2")],
            headers: [H("Host", "examplebucket.s3.amazonaws.com")], payloadHash: .emptyBody)),
    S3Example(
        title: "PUT artifact (path-style, custom port)", signer: zonectlSigner, date: jan2025,
        request: SignableRequest(
            method: "PUT", path: "/zones/v1/3f/3fa9.geojson.gz",
            headers: [
                H("Host", "127.0.0.1:9000"), H("Content-Type", "application/geo+json"), H("Content-Encoding", "gzip"),
                H("Cache-Control", "public, max-age=31536000, immutable"), H("If-None-Match", "*"),
            ],
            payloadHash: PayloadHash(hex: "ed778c73ea51338d6576fb5992b189f2b94d9f3d5e199f46c1af520d6b0b3e6c")
                ?? .unsigned)),
    S3Example(
        title: "UploadPart query order", signer: zonectlSigner, date: jan2025,
        request: SignableRequest(
            method: "PUT", path: "/zones/big.bin", query: [Q("uploadId", "abc"), Q("partNumber", "2")],
            headers: [H("Host", "127.0.0.1:9000")], payloadHash: .unsigned)),
    S3Example(
        title: "ListObjectsV2 prefix with slash", signer: zonectlSigner, date: jan2025,
        request: SignableRequest(
            method: "GET", path: "/zones", query: [Q("prefix", "v1/"), Q("list-type", "2")],
            headers: [H("Host", "127.0.0.1:9000")], payloadHash: .emptyBody)),
]

@Suite("S3 SigV4 vectors (s3-vectors.md)")
struct S3VectorTests {
    @Test("every titled vector in the file has an input here")
    func tableCoversTheFile() throws {
        let titles = Set(try S3Vectors.load().answers.keys)
        #expect(titles == Set(s3Examples.map(\.title) + ["suite get-vanilla-query-order-key"]))
    }

    @Test("canonical request, string to sign, signature and Authorization", arguments: s3Examples)
    func knownAnswer(example: S3Example) throws {
        let answer = try #require(try S3Vectors.load().answers[example.title])
        var request = example.request
        let steps = example.signer.signExposingSteps(&request, date: example.date)
        #expect(steps.canonicalRequest == answer.canonicalRequest)
        #expect(steps.stringToSign == answer.stringToSign)
        #expect(steps.signature == answer.signature)
        let expectedAuthorization =
            "AWS4-HMAC-SHA256 Credential=\(example.signer.credentials.accessKeyID)/"
            + "\(steps.scope), SignedHeaders=\(steps.signedHeaders), Signature=\(answer.signature)"
        #expect(request.values(forHeader: "Authorization") == [expectedAuthorization])
        #expect(request.values(forHeader: "x-amz-content-sha256") == [example.request.payloadHash.value])
    }

    @Test("the PUT body's SHA-256 is the payload hash in the S3 documentation")
    func putBodyHash() {
        #expect(
            PayloadHash.sha256(of: welcomeBody).value
                == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
    }

    @Test("request targets are the canonical path and query")
    func requestTargets() {
        let targets = Dictionary(uniqueKeysWithValues: s3Examples.map { ($0.title, $0.request.requestTarget) })
        #expect(targets["s3-doc PUT object"] == "/test%24file.text")
        #expect(targets["s3-doc GET ?lifecycle"] == "/?lifecycle=")
        #expect(targets["UploadPart query order"] == "/zones/big.bin?partNumber=2&uploadId=abc")
        #expect(targets["ListObjectsV2 prefix with slash"] == "/zones?list-type=2&prefix=v1%2F")
    }

    /// The old suite's get-vanilla-query-order-key: one name twice, values sorted byte-wise
    /// ("Value1" before "value2").
    @Test("repeated query name: values sorted (suite get-vanilla-query-order-key)")
    func repeatedQueryNameSortsValues() throws {
        let answer = try #require(try S3Vectors.load().answers["suite get-vanilla-query-order-key"])
        let signer = SigV4Signer(
            credentials: Credentials(
                accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
            region: "us-east-1", service: "service", addsContentSHA256: false)
        var request = SignableRequest(
            method: "GET", path: "/", query: [Q("Param1", "value2"), Q("Param1", "Value1")],
            headers: [H("Host", "example.amazonaws.com")], payloadHash: .emptyBody)
        let steps = signer.signExposingSteps(&request, date: Date(timeIntervalSince1970: 1_440_938_160))
        #expect(request.encodedQuery == "Param1=Value1&Param1=value2")
        #expect(steps.signature == answer.signature)
    }
}
