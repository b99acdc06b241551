internal import CCurl

/// The libcurl this program runs with (curl_version_info): S3Upload needs HTTPS and checks for
/// it before the first transfer, and names the version in its User-Agent.
public enum CurlRuntime {
    /// e.g. "7.88.1".
    public static var version: String {
        // curl_version_info: a pointer to static data, never NULL for CURLVERSION_NOW.
        guard let info = zonectl_version_info(), let text = info.pointee.version else { return "unknown" }
        return String(cString: text)
    }

    /// The protocols libcurl was built with, e.g. ["http", "https", …].
    public static var protocols: [String] {
        guard let info = zonectl_version_info(), var list = info.pointee.protocols else { return [] }
        var names: [String] = []
        while let name = list.pointee {
            names.append(String(cString: name))
            list += 1
        }
        return names
    }
}
