internal import CCurl

/// What comes back on an easy handle — the final response's header lines and the body —
/// collected by curl's header and write callbacks. The callbacks reach this object through
/// the *DATA pointers, unretained: its owner keeps it alive for the transfer.
package final class CurlResponseSink {
    package private(set) var headers: [HTTPHeader] = []
    package private(set) var body: [UInt8] = []

    package init() {}

    /// Points `easy`'s CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION at this sink.
    package func install(on easy: CurlEasy) throws(CurlError) {
        let me = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        try easy.check(zonectl_easy_setopt_write(easy.handle, curlWriteCallback), "CURLOPT_WRITEFUNCTION")
        try easy.set(CURLOPT_WRITEDATA, "CURLOPT_WRITEDATA", pointer: me)
        try easy.check(zonectl_easy_setopt_header(easy.handle, curlHeaderCallback), "CURLOPT_HEADERFUNCTION")
        try easy.set(CURLOPT_HEADERDATA, "CURLOPT_HEADERDATA", pointer: me)
    }

    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
    }

    /// One header line, CRLF included. A status line starts a new header block (after a
    /// 100 Continue or a proxy's answer), so only the final response's headers are kept.
    fileprivate func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = []
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingHTTPSpace
        let value = line[line.index(after: colon)...].trimmingHTTPSpace
        headers.append(HTTPHeader(name: name, value: value))
    }

    fileprivate static func from(_ userdata: UnsafeMutableRawPointer?) -> CurlResponseSink? {
        userdata.map { Unmanaged<CurlResponseSink>.fromOpaque($0).takeUnretainedValue() }
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs, CR and LF.
    fileprivate var trimmingHTTPSpace: String {
        // Character.isWhitespace: "\r\n" is one Character (a grapheme cluster), not two.
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else {
            return ""
        }
        return String(self[first...last])
    }
}

// The callbacks are C function pointers: free functions without captures.

/// CURLOPT_WRITEFUNCTION: must return size × nitems, or curl aborts the transfer.
private func curlWriteCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    let total = size * count
    guard let data, let sink = CurlResponseSink.from(userdata) else { return 0 }
    sink.receiveBody(UnsafeRawBufferPointer(start: data, count: total))
    return total
}

/// CURLOPT_HEADERFUNCTION: must return size × nitems.
private func curlHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    let total = size * count
    guard let data, let sink = CurlResponseSink.from(userdata) else { return 0 }
    sink.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: total))
    return total
}
