internal import CCurl
import CurlTransport
import Foundation

/// One attempt of one request on its own easy handle: what to send (method, URL, finished
/// header lines, body) and what came back (status, headers, body; collected by CurlTransport's
/// `CurlResponseSink`). The read and seek callbacks reach this object through the *DATA
/// pointers, unretained: the `CurlMulti` running the transfer keeps it alive.
final class CurlTransfer {
    /// Options of the transfer that come from the client configuration.
    struct Limits {
        var connectTimeoutMilliseconds: Int
        var lowSpeedLimit: Int
        var lowSpeedTimeSeconds: Int
        var userAgent: String
    }

    let easy: CurlEasy
    /// The position of the request in its batch.
    let index: Int
    /// Which attempt of that request this is, from 1.
    let attempt: Int
    private let headerList: CurlHeaderList
    private let body: [UInt8]
    private var readOffset = 0
    private let response = CurlResponseSink()

    /// Sets up the easy handle; `headerLines` are sent as they are ("Name: value").
    init(index: Int, attempt: Int, method: String, url: String, headerLines: [String], body: [UInt8], limits: Limits)
        throws(S3Error)
    {
        self.index = index
        self.attempt = attempt
        self.body = body
        do {
            easy = try CurlEasy()
            // "Expect:" stops curl from sending Expect: 100-continue and waiting for the answer.
            headerList = try CurlHeaderList(lines: headerLines + ["Expect:"])
            try configure(method: method, url: url, limits: limits)
        } catch {
            throw S3Error(error)
        }
    }

    private func configure(method: String, url: String, limits: Limits) throws(CurlError) {
        try easy.set(CURLOPT_URL, "CURLOPT_URL", string: url)
        try easy.set(CURLOPT_PROTOCOLS_STR, "CURLOPT_PROTOCOLS_STR", string: "http,https")
        try easy.set(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL", 1)
        try easy.set(CURLOPT_FOLLOWLOCATION, "CURLOPT_FOLLOWLOCATION", 0)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, "CURLOPT_CONNECTTIMEOUT_MS", limits.connectTimeoutMilliseconds)
        try easy.set(CURLOPT_LOW_SPEED_LIMIT, "CURLOPT_LOW_SPEED_LIMIT", limits.lowSpeedLimit)
        try easy.set(CURLOPT_LOW_SPEED_TIME, "CURLOPT_LOW_SPEED_TIME", limits.lowSpeedTimeSeconds)
        try easy.set(CURLOPT_USERAGENT, "CURLOPT_USERAGENT", string: limits.userAgent)
        try easy.set(CURLOPT_HTTPHEADER, "CURLOPT_HTTPHEADER", pointer: UnsafeRawPointer(headerList.pointer))

        try response.install(on: easy)
        let me = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())

        switch method {
        case "GET":
            try easy.set(CURLOPT_HTTPGET, "CURLOPT_HTTPGET", 1)
        case "HEAD":
            try easy.set(CURLOPT_NOBODY, "CURLOPT_NOBODY", 1)
        case "PUT", "POST":
            // CURLOPT_UPLOAD sends the body from the read callback with a known Content-Length
            // (CURLOPT_INFILESIZE_LARGE); the seek callback lets curl rewind it to resend.
            try easy.set(CURLOPT_UPLOAD, "CURLOPT_UPLOAD", 1)
            try easy.set(CURLOPT_INFILESIZE_LARGE, "CURLOPT_INFILESIZE_LARGE", offset: Int64(body.count))
            try easy.check(zonectl_easy_setopt_read(easy.handle, curlReadCallback), "CURLOPT_READFUNCTION")
            try easy.set(CURLOPT_READDATA, "CURLOPT_READDATA", pointer: me)
            try easy.check(zonectl_easy_setopt_seek(easy.handle, curlSeekCallback), "CURLOPT_SEEKFUNCTION")
            try easy.set(CURLOPT_SEEKDATA, "CURLOPT_SEEKDATA", pointer: me)
            if method == "POST" { try easy.set(CURLOPT_CUSTOMREQUEST, "CURLOPT_CUSTOMREQUEST", string: "POST") }
        default:
            try easy.set(CURLOPT_CUSTOMREQUEST, "CURLOPT_CUSTOMREQUEST", string: method)
        }
    }

    /// The outcome once curl reports the transfer done with `code`.
    func outcome(_ code: CURLcode) -> Result<S3Response, S3Error> {
        guard code == CURLE_OK else { return .failure(S3Error(easy.transportError(code))) }
        do {
            let headers = response.headers.map { SignableRequest.Header($0.name, $0.value) }
            return .success(S3Response(status: try easy.responseCode(), headers: headers, body: response.body))
        } catch {
            return .failure(S3Error(error))
        }
    }

    fileprivate func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, body.count - readOffset)
        guard count > 0 else { return 0 }
        body.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + readOffset, byteCount: count)
        }
        readOffset += count
        return count
    }

    fileprivate func seek(to offset: Int64, origin: Int32) -> Int32 {
        // Only SEEK_SET (0) is used by curl to rewind.
        guard origin == 0, offset >= 0, offset <= Int64(body.count) else { return 1 }  // CURL_SEEKFUNC_FAIL
        readOffset = Int(offset)
        return 0  // CURL_SEEKFUNC_OK
    }

    fileprivate static func from(_ userdata: UnsafeMutableRawPointer?) -> CurlTransfer? {
        userdata.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }
}

// The callbacks are C function pointers: free functions without captures.

/// CURLOPT_READFUNCTION: returns the bytes copied, 0 at the end of the body.
private func curlReadCallback(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    guard let buffer, let transfer = CurlTransfer.from(userdata) else { return Int(CURL_READFUNC_ABORT) }
    return transfer.read(into: buffer, capacity: size * count)
}

/// CURLOPT_SEEKFUNCTION: CURL_SEEKFUNC_OK, or CURL_SEEKFUNC_FAIL.
private func curlSeekCallback(_ userdata: UnsafeMutableRawPointer?, _ offset: curl_off_t, _ origin: Int32) -> Int32 {
    guard let transfer = CurlTransfer.from(userdata) else { return 1 }
    return transfer.seek(to: Int64(offset), origin: origin)
}
