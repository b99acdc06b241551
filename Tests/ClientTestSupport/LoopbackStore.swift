import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback HTTP/1.1 server that serves a store directory as S3 and CDNs do: each object at
/// `/<key>`, `.gz` objects with `Content-Encoding: gzip` and `.br` ones with `br`, an `ETag`
/// (quoted FNV-1a of the bytes) and a 304 for a matching `If-None-Match`, a 206 for a
/// `Range: bytes=FIRST-LAST`, one response per connection. Faults are set per request: a status instead of the object, a body cut short,
/// a delay, or the whole server stopping.
public final class LoopbackStore: @unchecked Sendable {
    /// What the server does instead of serving a request normally.
    public enum Fault: Sendable {
        /// Answer this status (503, 500, …) with a short body.
        case status(Int)
        /// Send the headers with the full `Content-Length`, then only `bytes` of the body, and
        /// close the connection.
        case truncate(bytes: Int)
        /// Wait `seconds` before answering normally.
        case delay(seconds: Double)
        /// Close the listener and every connection: the server is gone.
        case stop
    }

    /// One request as served.
    public struct Served: Sendable, Equatable {
        /// The request path without the leading `/`.
        public var key: String
        /// The status sent (0 when the connection was cut).
        public var status: Int

        /// A request as served.
        public init(key: String, status: Int) {
            self.key = key
            self.status = status
        }
    }

    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// The directory served.
    public let root: URL
    /// Its base URL.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listener: Int32
    private let lock = NSLock()
    private var faults: [(matches: @Sendable (String) -> Bool, fault: Fault, remaining: Int)] = []
    private var served: [Served] = []
    private var stopped = false

    /// Starts serving `root`.
    public init(serving root: URL) throws {
        self.root = root
        (listener, port) = try LoopbackSocket.listen()
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Applies `fault` to the next `times` requests whose key satisfies `matches`.
    public func inject(_ fault: Fault, times: Int = 1, where matches: @escaping @Sendable (String) -> Bool) {
        lock.withLock { faults.append((matches, fault, times)) }
    }

    /// The requests served so far, in order.
    public var log: [Served] { lock.withLock { served } }

    /// Stops listening; requests in flight are cut.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            #if canImport(Darwin)
                var one: Int32 = 1
                setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            DispatchQueue.global().async { [self] in
                handle(fd)
                close(fd)
            }
        }
    }

    private func handle(_ fd: Int32) {
        guard let request = readRequest(fd) else { return }
        let key = String(request.path.dropFirst()).removingPercentEncoding ?? String(request.path.dropFirst())
        switch takeFault(for: key) {
        case .status(let status)?:
            respond(fd, key, status: status, headers: [:], body: Array("fault injected\n".utf8))
            return
        case .stop?:
            record(key, status: 0)
            stop()
            return
        case .delay(let seconds)?:
            Thread.sleep(forTimeInterval: seconds)
            if lock.withLock({ stopped }) { return record(key, status: 0) }
            serve(fd, key, request: request, truncate: nil)
        case .truncate(let bytes)?:
            serve(fd, key, request: request, truncate: bytes)
        case nil:
            serve(fd, key, request: request, truncate: nil)
        }
    }

    private func serve(_ fd: Int32, _ key: String, request: (path: String, headers: [String: String]), truncate: Int?) {
        guard !key.isEmpty, !key.split(separator: "/").contains(".."),
            let data = FileManager.default.contents(atPath: root.appendingPathComponent(key).path)
        else {
            return respond(fd, key, status: 404, headers: [:], body: Array("no such key\n".utf8))
        }
        let body = [UInt8](data)
        let etag = "\"" + Self.fnv1a(body) + "\""
        if request.headers["if-none-match"] == etag {
            return respond(fd, key, status: 304, headers: ["ETag": etag], body: [])
        }
        var headers = ["ETag": etag, "Content-Type": "application/octet-stream"]
        if key.hasSuffix(".gz") { headers["Content-Encoding"] = "gzip" }
        if key.hasSuffix(".br") { headers["Content-Encoding"] = "br" }
        if let range = request.headers["range"].flatMap({ Self.byteRange($0, count: body.count) }) {
            headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(body.count)"
            return respond(fd, key, status: 206, headers: headers, body: Array(body[range]), sendOnly: truncate)
        }
        respond(fd, key, status: 200, headers: headers, body: body, sendOnly: truncate)
    }

    private func respond(
        _ fd: Int32, _ key: String, status: Int, headers: [String: String], body: [UInt8], sendOnly: Int? = nil
    ) {
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : status == 304 ? "Not Modified" : "Status")\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if status != 304 { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        LoopbackSocket.write(fd, Array(head.utf8))
        if let sendOnly {
            LoopbackSocket.write(fd, Array(body.prefix(sendOnly)))
            record(key, status: 0)
            LoopbackSocket.reset(fd)
            return
        }
        LoopbackSocket.write(fd, body)
        record(key, status: status)
    }

    private func record(_ key: String, status: Int) {
        lock.withLock { served.append(Served(key: key, status: status)) }
    }

    private func takeFault(for key: String) -> Fault? {
        lock.withLock {
            guard let i = faults.firstIndex(where: { $0.remaining > 0 && $0.matches(key) }) else { return nil }
            faults[i].remaining -= 1
            return faults[i].fault
        }
    }

    /// The request line's path and the headers (names lowercased), read up to the blank line.
    private func readRequest(_ fd: Int32) -> (path: String, headers: [String: String])? {
        var bytes: [UInt8] = []
        while !bytes.ends(with: [13, 10, 13, 10]) {
            let chunk = LoopbackSocket.read(fd, limit: 4096)
            if chunk.isEmpty { return nil }
            bytes += chunk
            if bytes.count > 65_536 { return nil }
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return (String(parts[1]), headers)
    }

    /// `bytes=FIRST-LAST` (inclusive, as HTTP writes it) within `count` bytes, else nil (the
    /// whole object is sent).
    private static func byteRange(_ header: String, count: Int) -> Range<Int>? {
        guard header.hasPrefix("bytes=") else { return nil }
        let parts = header.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), first <= last, first < count
        else { return nil }
        return first..<min(last + 1, count)
    }

    private static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
