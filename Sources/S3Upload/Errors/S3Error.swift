import URLRedaction

/// Why an S3 request failed. Descriptions name the operation's outcome — status, S3 error code,
/// the server's message, request ID, curl's error — and never a secret, an Authorization header
/// or a signed URL.
public indirect enum S3Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// An HTTP error response not covered by a more specific case, with the fields of its S3
    /// XML error body (`<Error><Code>…`) when it had one.
    case http(status: Int, code: String?, message: String?, requestID: String?)
    /// 412: an `If-Match` / `If-None-Match` condition did not hold (for a PUT with
    /// `If-None-Match: *`, the object already exists).
    case preconditionFailed
    /// 404 for an object: `NoSuchKey`, or a 404 without a body (HEAD). A missing bucket
    /// (`NoSuchBucket`, on requests that return a body) is `.http(status: 404, …)` instead.
    case notFound
    /// libcurl could not complete the transfer (`CURLcode` and its message: connect failure,
    /// reset, stall below the low-speed limit, …).
    case transport(code: Int, message: String)
    /// A failure that was retried until the attempts ran out; `last` is the final attempt's.
    case retriesExhausted(attempts: Int, last: S3Error)
    /// A libcurl call that sets a transfer up failed (`function` names the call and option).
    case libcurl(function: String, code: Int, message: String)
    /// The client configuration cannot work (bad endpoint, bucket name, limits).
    case invalidConfiguration(String)
    /// A request that cannot be sent (empty key, a header value with a line break, …).
    case invalidRequest(String)
    /// The server answered with something the client cannot use (no ETag, malformed XML).
    case invalidResponse(String)

    /// A one-line message; a URL in it (a server's message may echo one) shows no credentials.
    public var description: String { redactingURLCredentials(text) }

    private var text: String {
        switch self {
        case .http(let status, let code, let message, let requestID):
            var text = "HTTP \(status)"
            if let code { text += " \(code)" }
            if let message, !message.isEmpty { text += ": \(message)" }
            if let requestID { text += " (request ID \(requestID))" }
            return text
        case .preconditionFailed:
            return "HTTP 412 PreconditionFailed: the object changed (If-Match) or already exists (If-None-Match)"
        case .notFound:
            return "HTTP 404: no such object"
        case .transport(let code, let message):
            return "transfer failed: \(message) (curl error \(code))"
        case .retriesExhausted(let attempts, let last):
            return "gave up after \(attempts) attempts: \(last)"
        case .libcurl(let function, let code, let message):
            return "\(function) failed: \(message) (code \(code))"
        case .invalidConfiguration(let reason):
            return "invalid S3 configuration: \(reason)"
        case .invalidRequest(let reason):
            return "invalid S3 request: \(reason)"
        case .invalidResponse(let reason):
            return "unexpected S3 response: \(reason)"
        }
    }

    /// The error of the last attempt (`self` unless retries ran out).
    public var lastAttemptError: S3Error {
        if case .retriesExhausted(_, let last) = self { return last.lastAttemptError }
        return self
    }

    /// The HTTP status behind the error, if it came from a response.
    public var httpStatus: Int? {
        switch self {
        case .http(let status, _, _, _): return status
        case .preconditionFailed: return 412
        case .notFound: return 404
        case .retriesExhausted(_, let last): return last.httpStatus
        default: return nil
        }
    }
}
