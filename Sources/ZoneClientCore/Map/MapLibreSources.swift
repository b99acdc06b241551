public import Foundation

/// Where the sources of a MapLibre style point: the store as served over http(s), or a client
/// cache on the device.
public enum MapLibreSources: Sendable, Equatable {
    /// Each source is this URL followed by the object's key (a `/` is added): an absolute
    /// http(s) URL with a host and no query, fragment or user info. The objects are fetched as
    /// stored (`.gz`, which S3 and CDNs serve with `Content-Encoding: gzip`).
    case baseURL(URL)
    /// Each source is the `file://` URL of the object in this directory: a client cache, which
    /// keeps every object decoded (`contentEncoding: "identity"`). MapLibre cannot read `.gz` or
    /// `.br` files from disk, so a directory of encoded objects (a store, a build output) is
    /// refused.
    case cache(URL)

    /// `text` as a base URL, checked as ``MapLibreStyleBuilder`` checks it; messages name it
    /// `label` (default: `base URL` and the URL, credentials hidden).
    public static func checkedBaseURL(_ text: String, shownAs label: String? = nil) throws(ZoneClientError)
        -> MapLibreSources
    {
        guard let url = URL(string: text) else {
            throw .mapLibreStyle("\(label ?? "base URL \(text)"): expected an absolute http:// or https:// URL")
        }
        let sources = MapLibreSources.baseURL(url)
        _ = try sources.prefix(shownAs: label)
        return sources
    }

    /// The text each key is appended to, ending in `/`, after the checks of each case.
    func prefix(shownAs label: String?) throws(ZoneClientError) -> String {
        switch self {
        case .baseURL(let url):
            let text = url.absoluteString
            let shown = label ?? "base URL \(Self.hidingCredentials(text))"
            guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
                scheme == "http" || scheme == "https", parts.host?.isEmpty == false
            else { throw .mapLibreStyle("\(shown): expected an absolute http:// or https:// URL") }
            guard parts.query == nil, parts.fragment == nil else {
                throw .mapLibreStyle("\(shown): no query or fragment (artifact keys are appended)")
            }
            guard parts.user == nil, parts.password == nil else {
                throw .mapLibreStyle("\(shown): no user info (the style is shared, and its URLs with it)")
            }
            return text.hasSuffix("/") ? text : text + "/"
        case .cache(let directory):
            guard directory.isFileURL else {
                throw .mapLibreStyle(
                    "\(label ?? "cache \(Self.hidingCredentials(directory.absoluteString))"): not a file URL")
            }
            let text = directory.standardizedFileURL.absoluteString
            return text.hasSuffix("/") ? text : text + "/"
        }
    }

    /// The URL of the object at `key`.
    func url(prefix: String, key: String) -> String {
        switch self {
        case .baseURL: prefix + key
        case .cache: prefix + (key.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? key)
        }
    }

    /// `text` with user info and query values as `***`, for messages.
    static func hidingCredentials(_ text: String) -> String {
        guard var parts = URLComponents(string: text) else { return text }
        if parts.user != nil || parts.password != nil {
            parts.user = "***"
            parts.password = nil
        }
        parts.queryItems = parts.queryItems?.map { URLQueryItem(name: $0.name, value: $0.value.map { _ in "***" }) }
        return parts.string ?? text
    }
}
