import CurlTransport

/// A published store served over HTTP(S) — a CDN, a public S3 bucket's endpoint, a static file
/// server — read with libcurl: `base` + `/` + key. Objects come as stored (gzip is not undone
/// by the transport; the client checks and unpacks them).
public struct HTTPStore: ZoneSource {
    /// The store's base URL, without a trailing slash.
    public let base: String
    /// The GET's timeouts and User-Agent.
    public let get: HTTPGet

    /// The store at `base` (`http://` or `https://`).
    public init(base: String, get: HTTPGet = HTTPGet()) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.get = get
    }

    /// 200: the body; 404 (and 403, which S3 sends for a missing key without list rights): nil.
    public func object(_ key: String) throws(ZoneClientError) -> [UInt8]? {
        let response = try fetch(key, headers: [])
        switch response.status {
        case 200: return response.body
        case 403, 404: return nil
        default: throw .unreachable(key: key, reason: "HTTP \(response.status)")
        }
    }

    /// GET `manifest.json` with `If-None-Match: etag`; 304 is ``ManifestPoll/notModified``.
    public func pollManifest(ifNoneMatch etag: String?) throws(ZoneClientError) -> ManifestPoll {
        let key = "manifest.json"
        let response = try fetch(key, headers: etag.map { [HTTPHeader(name: "If-None-Match", value: $0)] } ?? [])
        switch response.status {
        case 304: return .notModified
        case 200: return .manifest(bytes: response.body, etag: response.header("ETag"))
        case 403, 404: throw .missing(key: key)
        default: throw .unreachable(key: key, reason: "HTTP \(response.status)")
        }
    }

    private func fetch(_ key: String, headers: [HTTPHeader]) throws(ZoneClientError) -> HTTPResponse {
        do {
            return try get.get(base + "/" + key, headers: headers)
        } catch {
            throw .unreachable(key: key, reason: error.description)
        }
    }
}
