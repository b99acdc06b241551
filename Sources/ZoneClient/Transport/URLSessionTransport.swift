public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The default transport of an `http(s)://` store (a CDN, an S3 bucket's endpoint, a static file
/// server): a GET of base URL + `/` + key on a URLSession.
///
/// URLSession undoes `Content-Encoding: gzip` (and `br`) itself, on Apple platforms and on Linux
/// alike, so a body may arrive decoded; the client accepts either form by its content's SHA-256.
/// The default session keeps no HTTP cache (the client keeps its own), so a 304 reaches the
/// client as a 304.
public struct URLSessionTransport: ZoneTransport {
    /// The store's base URL.
    public let base: URL
    /// The session requests go through.
    public let session: URLSession

    /// A transport for the store at `base`, on `session` (default: ``defaultSession()``).
    public init(base: URL, session: URLSession = URLSessionTransport.defaultSession()) {
        self.base = base
        self.session = session
    }

    /// An ephemeral session without a URL cache: 30 s without data fails a request; a request
    /// made offline fails at once rather than waiting for connectivity.
    public static func defaultSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }

    /// The object's URL: `base` + `/` + `key`.
    public func url(for key: String) -> URL {
        var text = base.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        let escaped = key.addingPercentEncoding(withAllowedCharacters: Self.keyCharacters) ?? key
        return URL(string: text + escaped) ?? base.appendingPathComponent(key)
    }

    /// GETs `request.key`, with `If-None-Match` and `Range` when asked.
    public func get(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse {
        var http = URLRequest(url: url(for: request.key))
        http.cachePolicy = .reloadIgnoringLocalCacheData
        if let etag = request.ifNoneMatch { http.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let range = request.range {
            http.setValue("bytes=\(range.lowerBound)-\(range.upperBound - 1)", forHTTPHeaderField: "Range")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: http)
        } catch {
            throw Self.failure(error, key: request.key)
        }
        guard let answer = response as? HTTPURLResponse else {
            throw .unreachable(key: request.key, reason: "not an HTTP response")
        }
        return ZoneResponse(
            status: answer.statusCode, body: [UInt8](data), etag: answer.value(forHTTPHeaderField: "ETag"))
    }

    /// The client's error for a failed request: cancelled, offline (no route to the store), or
    /// another transport failure.
    static func failure(_ error: any Error, key: String) -> ZoneClientError {
        if error is CancellationError { return .cancelled }
        guard let failure = error as? URLError else { return .unreachable(key: key, reason: "\(error)") }
        if failure.code == .cancelled { return .cancelled }
        let reason = failure.localizedDescription
        return offlineCodes.contains(failure.code)
            ? .offline(key: key, reason: reason) : .unreachable(key: key, reason: reason)
    }

    /// The URLSession failures that mean the store cannot be reached from here now.
    private static let offlineCodes: Set<URLError.Code> = [
        .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .timedOut, .internationalRoamingOff, .dataNotAllowed, .callIsActive,
    ]

    /// What a key may hold unescaped in a URL path (its `/` separate path segments).
    private static let keyCharacters: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#;")
        return allowed
    }()
}
