/// How a bucket is addressed in a request.
public enum S3AddressingStyle: Sendable, Hashable {
    /// `http://host/bucket/key` (local servers, IP addresses, bucket names with dots over TLS).
    case path
    /// `https://bucket.host/key` (AWS's default).
    case virtualHosted
}

/// Everything an `S3Client` needs besides credentials: where, which bucket, and how patiently.
public struct S3ClientConfiguration: Sendable, Hashable {
    /// The service endpoint.
    public var endpoint: S3Endpoint
    /// The signing region, e.g. "us-east-1".
    public var region: String
    /// The bucket every operation works on.
    public var bucket: String
    /// Path-style or virtual-hosted requests.
    public var addressingStyle: S3AddressingStyle
    /// How long connecting may take (CURLOPT_CONNECTTIMEOUT_MS).
    public var connectTimeout: Duration
    /// Stall detection: a transfer slower than `lowSpeedLimit` bytes per second for
    /// `lowSpeedTime` (whole seconds, rounded up) is aborted and counts as a transport error
    /// (CURLOPT_LOW_SPEED_LIMIT / CURLOPT_LOW_SPEED_TIME). curl measures the speed over its last
    /// few seconds of progress, so a stall right after an upload is noticed up to ~5 s later.
    public var lowSpeedLimit: Int
    /// See `lowSpeedLimit`.
    public var lowSpeedTime: Duration
    /// Attempts per request, the first included (1 = never retry).
    public var maxAttempts: Int
    /// The backoff before the second attempt is at most this; it doubles per attempt
    /// (full jitter: a uniform random fraction of the cap is waited).
    public var baseBackoff: Duration
    /// The cap on any single backoff.
    public var maxBackoff: Duration
    /// How many transfers run at once in `S3Client.perform`.
    public var concurrency: Int

    /// A configuration with the defaults: path-style, 10 s to connect, abort below 1 byte/s
    /// for 30 s, 4 attempts, backoff from 200 ms up to 10 s, 8 transfers at once.
    public init(
        endpoint: S3Endpoint, region: String, bucket: String, addressingStyle: S3AddressingStyle = .path,
        connectTimeout: Duration = .seconds(10), lowSpeedLimit: Int = 1, lowSpeedTime: Duration = .seconds(30),
        maxAttempts: Int = 4, baseBackoff: Duration = .milliseconds(200), maxBackoff: Duration = .seconds(10),
        concurrency: Int = 8
    ) {
        self.endpoint = endpoint
        self.region = region
        self.bucket = bucket
        self.addressingStyle = addressingStyle
        self.connectTimeout = connectTimeout
        self.lowSpeedLimit = lowSpeedLimit
        self.lowSpeedTime = lowSpeedTime
        self.maxAttempts = maxAttempts
        self.baseBackoff = baseBackoff
        self.maxBackoff = maxBackoff
        self.concurrency = concurrency
    }

    /// Throws `.invalidConfiguration` naming the first setting that cannot work.
    public func validate() throws(S3Error) {
        guard !region.isEmpty, region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw .invalidConfiguration("region '\(region)' is not a region name")
        }
        guard Self.isValidBucketName(bucket) else {
            throw .invalidConfiguration("bucket '\(bucket)' is not a valid bucket name (3–63 of a–z 0–9 . -)")
        }
        if addressingStyle == .virtualHosted {
            guard !endpoint.hostIsIPAddress else {
                throw .invalidConfiguration(
                    "virtual-hosted addressing needs a host name, not the address \(endpoint.host)")
            }
            guard endpoint.scheme == .http || !bucket.contains(".") else {
                throw .invalidConfiguration(
                    "bucket '\(bucket)' has dots, which TLS cannot match in virtual-hosted addressing; use path style")
            }
        }
        guard connectTimeout > .zero else { throw .invalidConfiguration("connect timeout must be positive") }
        guard lowSpeedLimit >= 0, lowSpeedTime >= .zero else {
            throw .invalidConfiguration("low-speed limit and time must not be negative")
        }
        guard maxAttempts >= 1 else { throw .invalidConfiguration("max attempts must be at least 1") }
        guard baseBackoff >= .zero, maxBackoff >= .zero else {
            throw .invalidConfiguration("backoff must not be negative")
        }
        guard concurrency >= 1 else { throw .invalidConfiguration("concurrency must be at least 1") }
    }

    /// 3–63 characters of a–z, 0–9, '.' and '-', starting and ending with a letter or digit.
    static func isValidBucketName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let isAlnum: (UInt8) -> Bool = {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
        guard (3...63).contains(bytes.count), let first = bytes.first, let last = bytes.last,
            isAlnum(first), isAlnum(last)
        else { return false }
        return bytes.allSatisfy { isAlnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }
}
