import CurlTransport
import Foundation

/// An S3 client for one bucket over libcurl: requests are signed with SigV4 (again for every
/// attempt), run in parallel through the curl multi interface, and retried with full-jitter
/// exponential backoff when the failure is transient.
///
/// Calls block the calling thread until their transfers finish. The client is immutable and
/// can be shared; each call uses its own curl handles.
public final class S3Client: Sendable {
    /// Endpoint, bucket, timeouts, retries and concurrency.
    public let configuration: S3ClientConfiguration
    /// Clock, jitter and sleep.
    public let environment: S3ClientEnvironment
    private let signer: SigV4Signer
    private let limits: CurlTransfer.Limits
    private let counter = RequestCounter()

    /// The requests this client has sent so far, by method (each attempt counts).
    public var requestCounts: S3RequestCounts { counter.snapshot }

    /// A client; throws `.invalidConfiguration` for settings that cannot work and `.libcurl`
    /// when libcurl cannot start.
    public init(
        configuration: S3ClientConfiguration, credentials: Credentials, environment: S3ClientEnvironment = .live
    ) throws(S3Error) {
        try configuration.validate()
        do { try CurlGlobal.ensureInitialized() } catch { throw S3Error(error) }
        self.configuration = configuration
        self.environment = environment
        signer = SigV4Signer(credentials: credentials, region: configuration.region)
        limits = CurlTransfer.Limits(
            connectTimeoutMilliseconds: Self.milliseconds(configuration.connectTimeout),
            lowSpeedLimit: configuration.lowSpeedLimit,
            lowSpeedTimeSeconds: (Self.milliseconds(configuration.lowSpeedTime) + 999) / 1000,
            userAgent: "zonectl-S3Upload libcurl/\(CurlRuntime.version)")
    }

    /// Sends `requests`, at most `configuration.concurrency` at a time, and returns their
    /// outcomes in the same order. A 2xx or 304 response is a success; any other status is the
    /// matching `S3Error`. Transient failures are retried up to `maxAttempts` attempts in all.
    public func perform(_ requests: [S3Request]) -> [Result<S3Response, S3Error>] {
        var invalid: [Int: S3Error] = [:]
        var prepared: [(request: S3Request, payloadHash: PayloadHash)?] = []
        for (index, request) in requests.enumerated() {
            do throws(S3Error) {
                try request.validate()
                prepared.append((request, PayloadHash.sha256(of: request.body)))
            } catch {
                invalid[index] = error
                prepared.append(nil)
            }
        }
        let ready = prepared
        let runnable = ready.indices.filter { ready[$0] != nil }
        let scheduler = TransferScheduler(
            concurrency: configuration.concurrency,
            policy: RetryPolicy(
                maxAttempts: configuration.maxAttempts, baseBackoff: configuration.baseBackoff,
                maxBackoff: configuration.maxBackoff),
            environment: environment,
            makeTransfer: { (position: Int, attempt: Int) throws(S3Error) -> CurlTransfer in
                guard let (request, payloadHash) = ready[runnable[position]] else {
                    throw .invalidRequest("request \(position) was not prepared")
                }
                return try self.transfer(request, payloadHash: payloadHash, index: position, attempt: attempt)
            })
        var outcomes = scheduler.run(count: runnable.count).makeIterator()
        return requests.indices.map { index in
            if let error = invalid[index] { return .failure(error) }
            return outcomes.next() ?? .failure(.invalidResponse("missing outcome"))
        }
    }

    /// Sends one request; see `perform(_:)`.
    public func perform(_ request: S3Request) -> Result<S3Response, S3Error> {
        perform([request])[0]
    }

    /// The request as it goes on the wire, signed as of `date`: Host, Content-Length for a
    /// body, the caller's headers and the SigV4 headers.
    func signed(_ request: S3Request, payloadHash: PayloadHash, date: Date) -> (url: String, request: SignableRequest) {
        let endpoint = configuration.endpoint
        let bucket = configuration.bucket
        let host: String
        let path: String
        switch configuration.addressingStyle {
        case .path:
            host = endpoint.authority
            path = "/" + bucket + (request.key.map { "/" + $0 } ?? "")
        case .virtualHosted:
            host = bucket + "." + endpoint.authority
            path = "/" + (request.key ?? "")
        }
        var headers: [SignableRequest.Header] = [.init("Host", host)]
        if request.method == "PUT" || request.method == "POST" {
            headers.append(.init("Content-Length", String(request.body.count)))
        }
        headers += request.headers
        var signable = SignableRequest(
            method: request.method, path: path, query: request.query, headers: headers, payloadHash: payloadHash)
        signer.sign(&signable, date: date)
        return ("\(endpoint.scheme.rawValue)://\(host)\(signable.requestTarget)", signable)
    }

    /// Attempt `attempt` of a request: signed now, on a new easy handle.
    private func transfer(_ request: S3Request, payloadHash: PayloadHash, index: Int, attempt: Int) throws(S3Error)
        -> CurlTransfer
    {
        let (url, signable) = signed(request, payloadHash: payloadHash, date: environment.now())
        // "Name;" is curl's way to send a header with an empty value ("Name:" would remove it).
        let lines = signable.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        let transfer = try CurlTransfer(
            index: index, attempt: attempt, method: request.method, url: url, headerLines: lines, body: request.body,
            limits: limits)
        counter.record(method: request.method, attempt: attempt)
        return transfer
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        // Durations beyond a day are clamped: curl takes these as a long.
        return Int(min(max(seconds, 0), 86_400)) * 1000 + Int(max(attoseconds, 0) / 1_000_000_000_000_000)
    }
}

extension S3Client: CustomStringConvertible {
    /// e.g. "S3Client(http://127.0.0.1:9000, bucket zones, us-east-1, AKIA…(redacted))".
    public var description: String {
        "S3Client(\(configuration.endpoint), bucket \(configuration.bucket), \(configuration.region), \(signer.credentials))"
    }
}
