package import CCurl

/// A `curl_slist` of header lines ("Name: value"), freed in deinit. It must outlive every
/// transfer that uses it (CURLOPT_HTTPHEADER keeps the pointer).
package final class CurlHeaderList {
    package private(set) var pointer: UnsafeMutablePointer<curl_slist>?

    /// Appends every line; curl_slist_append copies the string and returns NULL when out of memory.
    package init(lines: [String]) throws(CurlError) {
        for line in lines {
            guard let next = zonectl_slist_append(pointer, line) else {
                throw .libcurl(
                    function: "curl_slist_append", code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "out of memory")
            }
            pointer = next
        }
    }

    deinit {
        // curl_slist_free_all accepts NULL.
        zonectl_slist_free_all(pointer)
    }
}
