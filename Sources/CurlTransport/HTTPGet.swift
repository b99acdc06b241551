internal import CCurl

/// One HTTP header: name and value, as sent or received.
public struct HTTPHeader: Sendable, Equatable {
    /// The header's name, as written (compare case-insensitively).
    public var name: String
    /// The value, without surrounding spaces.
    public var value: String

    /// A header.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The answer to an ``HTTPGet``: the status, the final response's headers and the body as sent
/// (no Content-Encoding is undone).
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The final response's headers.
    public var headers: [HTTPHeader]
    /// The body's bytes as they came.
    public var body: [UInt8]

    /// The first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A plain blocking GET on its own libcurl easy handle (http and https only, no redirects), with
/// a connect timeout and a stall timeout (less than `lowSpeedLimit` bytes/s for
/// `lowSpeedTimeSeconds` aborts the transfer).
public struct HTTPGet: Sendable {
    /// Milliseconds to wait for the connection.
    public var connectTimeoutMilliseconds: Int
    /// The stall limit, in bytes per second.
    public var lowSpeedLimit: Int
    /// Seconds below `lowSpeedLimit` before the transfer is aborted.
    public var lowSpeedTimeSeconds: Int
    /// The User-Agent header.
    public var userAgent: String

    /// A GET with these limits.
    public init(
        connectTimeoutMilliseconds: Int = 10_000, lowSpeedLimit: Int = 1, lowSpeedTimeSeconds: Int = 30,
        userAgent: String = "zonectl"
    ) {
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.lowSpeedLimit = lowSpeedLimit
        self.lowSpeedTimeSeconds = lowSpeedTimeSeconds
        self.userAgent = userAgent
    }

    /// GETs `url` with `headers`; any status is an answer, only a failed transfer throws.
    public func get(_ url: String, headers: [HTTPHeader] = []) throws(CurlError) -> HTTPResponse {
        let easy = try CurlEasy()
        let headerList = try CurlHeaderList(lines: headers.map { "\($0.name): \($0.value)" })
        let sink = CurlResponseSink()
        try easy.set(CURLOPT_URL, "CURLOPT_URL", string: url)
        try easy.set(CURLOPT_PROTOCOLS_STR, "CURLOPT_PROTOCOLS_STR", string: "http,https")
        try easy.set(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL", 1)
        try easy.set(CURLOPT_FOLLOWLOCATION, "CURLOPT_FOLLOWLOCATION", 0)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, "CURLOPT_CONNECTTIMEOUT_MS", connectTimeoutMilliseconds)
        try easy.set(CURLOPT_LOW_SPEED_LIMIT, "CURLOPT_LOW_SPEED_LIMIT", lowSpeedLimit)
        try easy.set(CURLOPT_LOW_SPEED_TIME, "CURLOPT_LOW_SPEED_TIME", lowSpeedTimeSeconds)
        try easy.set(CURLOPT_USERAGENT, "CURLOPT_USERAGENT", string: userAgent)
        try easy.set(CURLOPT_HTTPGET, "CURLOPT_HTTPGET", 1)
        try easy.set(CURLOPT_HTTPHEADER, "CURLOPT_HTTPHEADER", pointer: UnsafeRawPointer(headerList.pointer))
        try sink.install(on: easy)
        let code = withExtendedLifetime((headerList, sink)) { zonectl_easy_perform(easy.handle) }
        guard code == CURLE_OK else { throw easy.transportError(code) }
        return HTTPResponse(status: try easy.responseCode(), headers: sink.headers, body: sink.body)
    }
}
