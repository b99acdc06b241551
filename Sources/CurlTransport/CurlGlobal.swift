package import CCurl

/// libcurl's process-wide initialisation, done once before the first handle.
package enum CurlGlobal {
    /// curl_global_init(CURL_GLOBAL_ALL): returns CURLE_OK or an error code; done once (a
    /// `static let` is initialised exactly once, thread-safely).
    private static let initResult: CURLcode = zonectl_global_init()

    /// Throws when libcurl could not be loaded (it is loaded on first use) or initialise.
    package static func ensureInitialized() throws(CurlError) {
        let code = initResult
        guard code == CURLE_OK else {
            if let reason = zonectl_curl_load_error() {
                throw .libcurl(
                    function: "dlopen(libcurl.so.4)", code: Int(code.rawValue),
                    message: "cannot load libcurl (Debian: apt install libcurl4): \(String(cString: reason))")
            }
            throw .libcurl(function: "curl_global_init", code: Int(code.rawValue), message: message(for: code))
        }
    }

    /// curl_easy_strerror: a static string for every code, never NULL.
    package static func message(for code: CURLcode) -> String {
        zonectl_easy_strerror(code).map { String(cString: $0) } ?? "curl error"
    }

    /// curl_multi_strerror: a static string for every code, never NULL.
    package static func message(for code: CURLMcode) -> String {
        zonectl_multi_strerror(code).map { String(cString: $0) } ?? "curl multi error"
    }
}
