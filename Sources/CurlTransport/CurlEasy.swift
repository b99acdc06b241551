package import CCurl

/// One libcurl easy handle (curl_easy_init / curl_easy_cleanup) with its error buffer. Every
/// setopt is checked: an error names the option.
package final class CurlEasy {
    package let handle: UnsafeMutableRawPointer
    /// CURLOPT_ERRORBUFFER: CURL_ERROR_SIZE bytes that curl fills with a detailed message.
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// curl_easy_init returns NULL when it cannot allocate or initialise.
    package init() throws(CurlError) {
        try CurlGlobal.ensureInitialized()
        guard let handle = zonectl_easy_init() else {
            throw .libcurl(
                function: "curl_easy_init", code: Int(CURLE_FAILED_INIT.rawValue), message: "failed to create a handle")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try set(CURLOPT_ERRORBUFFER, "CURLOPT_ERRORBUFFER", pointer: UnsafeRawPointer(errorBuffer))
    }

    deinit {
        // curl_easy_cleanup: the handle must no longer be in a multi handle (CurlMulti removes it).
        zonectl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// curl_easy_setopt with a long.
    package func set(_ option: CURLoption, _ name: String, _ value: Int) throws(CurlError) {
        try check(zonectl_easy_setopt_long(handle, option, value), name)
    }

    /// curl_easy_setopt with a curl_off_t.
    package func set(_ option: CURLoption, _ name: String, offset value: Int64) throws(CurlError) {
        try check(zonectl_easy_setopt_off(handle, option, curl_off_t(value)), name)
    }

    /// curl_easy_setopt with a string: curl copies it (every string option since 7.17).
    package func set(_ option: CURLoption, _ name: String, string value: String) throws(CurlError) {
        let code = value.withCString { zonectl_easy_setopt_ptr(handle, option, $0) }
        try check(code, name)
    }

    /// curl_easy_setopt with a pointer that curl keeps: the caller keeps it valid.
    package func set(_ option: CURLoption, _ name: String, pointer value: UnsafeRawPointer?) throws(CurlError) {
        try check(zonectl_easy_setopt_ptr(handle, option, value), name)
    }

    /// Throws `.libcurl` for a setopt that did not return CURLE_OK.
    package func check(_ code: CURLcode, _ name: String) throws(CurlError) {
        guard code == CURLE_OK else {
            throw .libcurl(
                function: "curl_easy_setopt(\(name))", code: Int(code.rawValue), message: CurlGlobal.message(for: code))
        }
    }

    /// curl_easy_getinfo(CURLINFO_RESPONSE_CODE): 0 when no response arrived.
    package func responseCode() throws(CurlError) -> Int {
        var code = 0
        let result = zonectl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
        guard result == CURLE_OK else {
            throw .libcurl(
                function: "curl_easy_getinfo(CURLINFO_RESPONSE_CODE)", code: Int(result.rawValue),
                message: CurlGlobal.message(for: result))
        }
        return code
    }

    /// The error of a finished transfer: curl's detailed message from the error buffer, or
    /// curl_easy_strerror when the buffer is empty.
    package func transportError(_ code: CURLcode) -> CurlError {
        let detail = String(cString: errorBuffer)
        return .transport(code: Int(code.rawValue), message: detail.isEmpty ? CurlGlobal.message(for: code) : detail)
    }
}
