/// How a client reads a published store: one GET per object, relative to the store's root.
///
/// ``URLSessionTransport`` is the default for `http(s)://` stores, ``DirectoryStore`` reads a
/// local one; an app may bring its own (signed requests, a test double). A transport returns
/// what the server sent — including a body it decoded already, as URLSession does for
/// `Content-Encoding: gzip` — and the client checks the content, so it need not care.
public protocol ZoneTransport: Sendable {
    /// The response to one GET. Throws ``ZoneClientError/offline(key:reason:)`` when the store
    /// cannot be reached, ``ZoneClientError/cancelled`` when the task was cancelled, and
    /// ``ZoneClientError/unreachable(key:reason:)`` for any other transport failure; an HTTP
    /// status is an answer, not an error.
    func get(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse
}

/// One GET of an object of the store.
public struct ZoneRequest: Sendable, Equatable {
    /// The object's key below the store's root (`manifest.json`, `cities/paris.3f2a….geojson.gz`).
    public var key: String
    /// The version tag the client holds (HTTP `If-None-Match`); a transport answers 304 when
    /// the object still has it.
    public var ifNoneMatch: String?
    /// The bytes wanted (HTTP `Range`), nil for the whole object.
    public var range: Range<Int>?

    /// A request for `key`.
    public init(key: String, ifNoneMatch: String? = nil, range: Range<Int>? = nil) {
        self.key = key
        self.ifNoneMatch = ifNoneMatch
        self.range = range
    }
}

/// What a server answered.
public struct ZoneResponse: Sendable, Equatable {
    /// The HTTP status: 200, 206 (a range), 304 (not modified), 404 (no such object), …
    public var status: Int
    /// The body as delivered: the stored object, or its content when the transport undid the
    /// `Content-Encoding`.
    public var body: [UInt8]
    /// The object's version tag (HTTP `ETag`), when the server sends one.
    public var etag: String?

    /// A response.
    public init(status: Int, body: [UInt8] = [], etag: String? = nil) {
        self.status = status
        self.body = body
        self.etag = etag
    }
}

extension ZoneResponse {
    /// The answer of a store that holds `bytes` at the request's key, with version tag `etag`,
    /// as an HTTP server gives it: 304 when the request's `If-None-Match` is that tag, 206 with
    /// the bytes of its range (416 for a range that starts outside them), else 200.
    public init(serving bytes: [UInt8], etag: String?, for request: ZoneRequest) {
        if let etag, etag == request.ifNoneMatch {
            self.init(status: 304, etag: etag)
        } else if let range = request.range {
            guard range.lowerBound >= 0, range.lowerBound < bytes.count else {
                self.init(status: 416)
                return
            }
            self.init(status: 206, body: Array(bytes[range.clamped(to: 0..<bytes.count)]), etag: etag)
        } else {
            self.init(status: 200, body: bytes, etag: etag)
        }
    }
}

extension ZoneTransport {
    /// The response to `request`, asked again — up to three attempts, 0.25 s and then 0.75 s
    /// later — after a status that says the server is passing through an overload or a restart
    /// (500, 502, 503, 504: S3's `SlowDown` is a 503) or a failed transfer (a connection refused,
    /// reset or closed without an answer).
    func getRetrying(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse {
        var attempt = 1
        while true {
            do {
                let response = try await get(request)
                guard attempt < 3, [500, 502, 503, 504].contains(response.status) else { return response }
            } catch {
                switch error {
                case .offline where attempt < 3, .unreachable where attempt < 3: break
                default: throw error
                }
            }
            do {
                try await Task.sleep(nanoseconds: attempt == 1 ? 250_000_000 : 750_000_000)
            } catch {
                throw .cancelled
            }
            attempt += 1
        }
    }

    /// The object at `key`: the body of a 200, nil for 404 (and 403, which S3 sends for a
    /// missing key to a reader without list rights); any other status is an error.
    func object(_ key: String) async throws(ZoneClientError) -> [UInt8]? {
        let response = try await getRetrying(ZoneRequest(key: key))
        switch response.status {
        case 200: return response.body
        case 403, 404: return nil
        default: throw .httpStatus(key: key, status: response.status)
        }
    }

    /// `manifest.json`, unless its version tag still equals `etag` (nil: 304).
    func pollManifest(ifNoneMatch etag: String?) async throws(ZoneClientError) -> (bytes: [UInt8], etag: String?)? {
        let key = "manifest.json"
        let response = try await getRetrying(ZoneRequest(key: key, ifNoneMatch: etag))
        switch response.status {
        case 304: return nil
        case 200: return (response.body, response.etag)
        case 403, 404: throw .missing(key: key)
        default: throw .httpStatus(key: key, status: response.status)
        }
    }
}
