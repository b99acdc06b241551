/// Which failures are retried and how long to wait before the next attempt: full-jitter
/// exponential backoff (a uniform random fraction of `min(maxBackoff, baseBackoff · 2^(n−1))`
/// after the n-th failed attempt), at most `maxAttempts` attempts in all.
struct RetryPolicy: Sendable {
    /// Attempts per request, the first included.
    var maxAttempts: Int
    /// The cap of the first backoff.
    var baseBackoff: Duration
    /// The cap of every backoff.
    var maxBackoff: Duration

    /// S3 error codes that mean "try again" whatever the status.
    static let retryableCodes: Set<String> = ["SlowDown", "InternalError", "RequestTimeout"]
    /// HTTP statuses that mean "try again".
    static let retryableStatuses: Set<Int> = [429, 500, 502, 503, 504]
    /// curl errors that no retry can heal: unsupported protocol, bad URL, feature not built in,
    /// bad argument, unknown option, certificate verification, CA file.
    static let permanentCurlCodes: Set<Int> = [1, 3, 4, 43, 48, 60, 77]

    /// Whether a request that failed with `error` may be sent again. Never 403, 404 or 412.
    static func isRetryable(_ error: S3Error) -> Bool {
        switch error {
        case .transport(let code, _):
            return !permanentCurlCodes.contains(code)
        case .http(let status, let code, _, _):
            if [403, 404, 412].contains(status) { return false }
            return retryableStatuses.contains(status) || code.map(retryableCodes.contains) == true
        default:
            return false
        }
    }

    /// The backoff after `failedAttempts` attempts (≥ 1) failed; `fraction` in [0, 1].
    func backoff(afterFailedAttempts failedAttempts: Int, fraction: Double) -> Duration {
        let exponent = min(max(failedAttempts - 1, 0), 30)
        let cap = min(maxBackoff, baseBackoff * (1 << exponent))
        return cap * min(max(fraction, 0), 1)
    }
}
