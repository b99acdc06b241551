import Testing

@testable import S3Upload

private func response(_ status: Int, _ body: String = "", headers: [SignableRequest.Header] = []) -> S3Response {
    S3Response(status: status, headers: headers, body: Array(body.utf8))
}

private let slowDown = """
    <?xml version="1.0" encoding="UTF-8"?>
    <Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>
    """

@Suite("S3 errors")
struct S3ErrorTests {
    @Test("an XML error body gives code, message and request ID; other elements are dropped")
    func parsesErrorBody() throws {
        let body = try #require(
            S3ErrorBody(
                parsing: Array(
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match</Message>
                    <StringToSign>AWS4-HMAC-SHA256 secret-looking</StringToSign><RequestID>ABC123</RequestID></Error>
                    """.utf8)))
        #expect(body.code == "SignatureDoesNotMatch")
        #expect(body.message == "The request signature we calculated does not match")
        #expect(body.requestID == "ABC123")
        #expect(S3ErrorBody(parsing: Array("<html>oops</html>".utf8)) == nil)
        #expect(S3ErrorBody(parsing: Array("not xml".utf8)) == nil)
        #expect(S3ErrorBody(parsing: []) == nil)
    }

    @Test("statuses map to typed errors")
    func mapping() {
        #expect(response(412, "<Error><Code>PreconditionFailed</Code></Error>").error == .preconditionFailed)
        #expect(response(404, "<Error><Code>NoSuchKey</Code></Error>").error == .notFound)
        #expect(response(404).error == .notFound)
        #expect(
            response(404, "<Error><Code>NoSuchBucket</Code><Message>m</Message></Error>").error
                == .http(status: 404, code: "NoSuchBucket", message: "m", requestID: nil))
        #expect(
            response(503, slowDown).error
                == .http(
                    status: 503, code: "SlowDown", message: "Please reduce your request rate.",
                    requestID: "4442587FB7D0A2F9"))
        #expect(
            response(500, "<html/>", headers: [.init("x-amz-request-id", "R1")]).error
                == .http(status: 500, code: nil, message: nil, requestID: "R1"))
        #expect(response(304).isSuccess)
        #expect(response(204).isSuccess)
        #expect(!response(301).isSuccess)
    }

    @Test("retried: transport errors, 429/500/502/503/504, SlowDown/InternalError/RequestTimeout; never 403/404/412")
    func retryable() {
        let yes: [S3Error] = [
            .transport(code: 7, message: "Couldn't connect"), .transport(code: 28, message: "timeout"),
            .transport(code: 56, message: "reset"),
            .http(status: 429, code: nil, message: nil, requestID: nil),
            .http(status: 500, code: "InternalError", message: nil, requestID: nil),
            .http(status: 502, code: nil, message: nil, requestID: nil),
            .http(status: 503, code: "SlowDown", message: nil, requestID: nil),
            .http(status: 504, code: nil, message: nil, requestID: nil),
            .http(status: 400, code: "RequestTimeout", message: nil, requestID: nil),
        ]
        let no: [S3Error] = [
            .http(status: 403, code: "SignatureDoesNotMatch", message: nil, requestID: nil),
            .http(status: 403, code: "SlowDown", message: nil, requestID: nil),
            .http(status: 400, code: "InvalidDigest", message: nil, requestID: nil),
            .http(status: 409, code: "BucketAlreadyOwnedByYou", message: nil, requestID: nil),
            .preconditionFailed, .notFound, .transport(code: 60, message: "certificate"),
            .transport(code: 1, message: "protocol"),
            .invalidRequest("x"), .libcurl(function: "curl_easy_init", code: 2, message: "x"),
        ]
        for error in yes { #expect(RetryPolicy.isRetryable(error), "\(error)") }
        for error in no { #expect(!RetryPolicy.isRetryable(error), "\(error)") }
    }

    @Test("full-jitter backoff: the cap doubles per failed attempt up to the maximum, scaled by the random fraction")
    func backoff() {
        let policy = RetryPolicy(maxAttempts: 8, baseBackoff: .milliseconds(100), maxBackoff: .milliseconds(1000))
        #expect(policy.backoff(afterFailedAttempts: 1, fraction: 1) == .milliseconds(100))
        #expect(policy.backoff(afterFailedAttempts: 2, fraction: 1) == .milliseconds(200))
        #expect(policy.backoff(afterFailedAttempts: 3, fraction: 0.5) == .milliseconds(200))
        #expect(policy.backoff(afterFailedAttempts: 4, fraction: 1) == .milliseconds(800))
        #expect(policy.backoff(afterFailedAttempts: 5, fraction: 1) == .milliseconds(1000))
        #expect(policy.backoff(afterFailedAttempts: 60, fraction: 1) == .milliseconds(1000))
        #expect(policy.backoff(afterFailedAttempts: 3, fraction: 0) == .zero)
        #expect(policy.backoff(afterFailedAttempts: 2, fraction: 7) == .milliseconds(200))
    }

    @Test("descriptions name status, code, message and request ID")
    func descriptions() {
        let error = S3Error.http(
            status: 503, code: "SlowDown", message: "Please reduce your request rate.", requestID: "R1")
        #expect(error.description == "HTTP 503 SlowDown: Please reduce your request rate. (request ID R1)")
        let exhausted = S3Error.retriesExhausted(attempts: 3, last: error)
        #expect(
            exhausted.description
                == "gave up after 3 attempts: HTTP 503 SlowDown: Please reduce your request rate. (request ID R1)")
        #expect(exhausted.lastAttemptError == error)
        #expect(exhausted.httpStatus == 503)
        #expect(
            S3Error.transport(code: 28, message: "Operation too slow").description
                == "transfer failed: Operation too slow (curl error 28)")
    }
}
