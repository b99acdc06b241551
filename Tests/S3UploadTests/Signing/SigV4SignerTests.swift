import Foundation
import Testing

@testable import S3Upload

private let credentials = Credentials(
    accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
private let suiteTime = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z

private func getRequest() -> SignableRequest {
    SignableRequest(
        method: "GET", path: "/", headers: [.init("Host", "example.amazonaws.com")], payloadHash: .emptyBody)
}

@Suite("SigV4 signer")
struct SigV4SignerTests {
    @Test("re-signing replaces the signing headers instead of adding more")
    func resigningIsIdempotent() {
        let signer = SigV4Signer(
            credentials: Credentials(accessKeyID: "AKID", secretAccessKey: "s", sessionToken: "t"), region: "eu-west-1")
        var request = getRequest()
        signer.sign(&request, date: suiteTime)
        let first = request.values(forHeader: "authorization")
        signer.sign(&request, date: suiteTime.addingTimeInterval(60))
        for name in ["authorization", "x-amz-date", "x-amz-content-sha256", "x-amz-security-token"] {
            #expect(request.values(forHeader: name).count == 1, "\(name)")
        }
        #expect(request.values(forHeader: "x-amz-date") == ["20150830T123700Z"])
        #expect(request.values(forHeader: "authorization") != first)

        var fresh = getRequest()
        signer.sign(&fresh, date: suiteTime.addingTimeInterval(60))
        #expect(request.values(forHeader: "authorization") == fresh.values(forHeader: "authorization"))
        #expect(request.headers.count == fresh.headers.count)
    }

    @Test("S3 signs x-amz-content-sha256 by default; another service does not")
    func contentSHA256Default() {
        var s3 = getRequest()
        let s3Steps = SigV4Signer(credentials: credentials, region: "us-east-1").signExposingSteps(&s3, date: suiteTime)
        #expect(s3Steps.signedHeaders == "host;x-amz-content-sha256;x-amz-date")
        #expect(s3.values(forHeader: "x-amz-content-sha256") == [PayloadHash.emptyBody.value])
        #expect(s3Steps.scope == "20150830/us-east-1/s3/aws4_request")

        var other = getRequest()
        let otherSteps = SigV4Signer(credentials: credentials, region: "us-east-1", service: "service")
            .signExposingSteps(&other, date: suiteTime)
        #expect(otherSteps.signedHeaders == "host;x-amz-date")
        #expect(other.values(forHeader: "x-amz-content-sha256").isEmpty)
        // With this the request is the suite's get-vanilla.
        #expect(otherSteps.signature == "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
    }

    @Test("UNSIGNED-PAYLOAD is the payload line and the content-sha256 header")
    func unsignedPayload() {
        var request = getRequest()
        request.payloadHash = .unsigned
        let steps = SigV4Signer(credentials: credentials, region: "us-east-1").signExposingSteps(
            &request, date: suiteTime)
        #expect(steps.canonicalRequest.hasSuffix("\nUNSIGNED-PAYLOAD"))
        #expect(request.values(forHeader: "x-amz-content-sha256") == ["UNSIGNED-PAYLOAD"])
    }

    @Test("canonical headers: lower-case names, trimmed and collapsed values, repeats joined with ','")
    func canonicalHeaders() {
        let (block, signed) = SigV4Steps.canonicalHeaders([
            .init("X-B", "  two\t\twords  "), .init("x-a", "1"), .init("X-A", " 2 "), .init("Host", "h"),
            .init("x-c", "line1\r\n line2"),
        ])
        #expect(block == "host:h\nx-a:1,2\nx-b:two words\nx-c:line1 line2\n")
        #expect(signed == "host;x-a;x-b;x-c")
    }

    @Test("canonical query: encoded, sorted by name then value, empty values as 'name='")
    func canonicalQuery() {
        var request = getRequest()
        request.query = [
            .init("b", "2"), .init("a", "z"), .init("a", "y"), .init("empty"), .init("sp ace", "x/y"), .init("B", ""),
        ]
        #expect(request.encodedQuery == "B=&a=y&a=z&b=2&empty=&sp%20ace=x%2Fy")
    }

    @Test(
        "the x-amz-date stamp is UTC, seconds truncated",
        arguments: [
            (0.0, "19700101T000000Z"),
            (951_782_400.0, "20000229T000000Z"),
            (1_440_938_160.999, "20150830T123600Z"),
            (1_735_689_599.5, "20241231T235959Z"),
            (4_102_444_800.0, "21000101T000000Z"),
        ])
    func amzDate(seconds: Double, stamp: String) {
        let date = AmzDate(Date(timeIntervalSince1970: seconds))
        #expect(date.stamp == stamp)
        #expect(date.day == String(stamp.prefix(8)))
    }

    @Test("payload hashes: 64 hex digits only, lower-cased")
    func payloadHashValidation() {
        let upper = String(repeating: "AB", count: 32)
        #expect(PayloadHash(hex: upper)?.value == upper.lowercased())
        #expect(PayloadHash(hex: "abc") == nil)
        #expect(PayloadHash(hex: String(repeating: "g", count: 64)) == nil)
        #expect(PayloadHash.emptyBody.value == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("a different secret gives a different signature")
    func secretMatters() {
        var a = getRequest()
        var b = getRequest()
        let stepsA = SigV4Signer(credentials: credentials, region: "us-east-1").signExposingSteps(&a, date: suiteTime)
        let other = Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEZ")
        let stepsB = SigV4Signer(credentials: other, region: "us-east-1").signExposingSteps(&b, date: suiteTime)
        #expect(stepsA.canonicalRequest == stepsB.canonicalRequest)
        #expect(stepsA.signature != stepsB.signature)
    }
}
