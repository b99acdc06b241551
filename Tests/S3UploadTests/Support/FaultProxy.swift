import TestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP/1.1 proxy in front of moto that can misbehave on demand. Each connection
/// carries one request (every response says `Connection: close`). Requests are forwarded byte
/// for byte — Host included, so signatures made for the proxy's address still verify — unless
/// a queued fault applies: the first queued fault is used by the next request.
final class FaultProxy: @unchecked Sendable {
    /// What to do to one request instead of forwarding it faithfully.
    enum Fault: Sendable, Equatable {
        /// Answer 503 with an S3 `SlowDown` error body, without forwarding.
        case slowDown
        /// Read half of the request body, then reset the connection (nothing is forwarded).
        case resetMidRequest
        /// Forward, then relay the response head and half of its body, then reset.
        case resetMidResponse
        /// Read the request, then send nothing for `seconds` before closing.
        case stall(seconds: Double)
    }

    /// One request as the proxy received it.
    struct Recorded: Sendable {
        var method: String
        var target: String
        /// Lower-cased names.
        var headers: [String: String]
    }

    let port: Int
    private let upstreamPort: Int
    private let listenFD: Int32
    private let lock = NSLock()
    private var faults: [Fault] = []
    private var recorded: [Recorded] = []
    private var inFlight = 0
    private var maxInFlight = 0

    /// Listens on an ephemeral loopback port and forwards to 127.0.0.1:`upstreamPort`.
    init(upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        (listenFD, port) = try LoopbackSocket.listen()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "FaultProxy.accept"
        thread.start()
    }

    /// Stops accepting connections (connections in progress finish on their own).
    func stop() {
        shutdown(listenFD, Int32(SHUT_RDWR))
        close(listenFD)
    }

    /// Queues faults for the next requests, in order; forgets requests recorded so far.
    func reset(faults newFaults: [Fault] = []) {
        lock.withLock {
            faults = newFaults
            recorded = []
            maxInFlight = inFlight
        }
    }

    /// The requests received since the last `reset`.
    var requests: [Recorded] { lock.withLock { recorded } }

    /// The most requests in flight at once since the last `reset`: counted from the moment a
    /// request head arrives until just before its response is written, so a client that starts
    /// a new request only after a response completed can never be over-counted.
    var maxConcurrentRequests: Int { lock.withLock { maxInFlight } }

    /// Faults queued and not yet used.
    var pendingFaults: [Fault] { lock.withLock { faults } }

    private func acceptLoop() {
        while true {
            let client = accept(listenFD, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return  // the listening socket was closed
            }
            let thread = Thread { [self] in handle(client) }
            thread.start()
        }
    }

    private func handle(_ client: Int32) {
        var reader = HTTPMessageReader(fd: client)
        guard let head = reader.readHead() else {
            close(client)
            return
        }
        let request = HTTPHead(head)
        let fault: Fault? = lock.withLock {
            recorded.append(Recorded(method: request.method, target: request.target, headers: request.headers))
            inFlight += 1
            maxInFlight = max(maxInFlight, inFlight)
            return faults.isEmpty ? nil : faults.removeFirst()
        }
        var finished = false
        let finish = { [self] in
            if !finished { lock.withLock { inFlight -= 1 } }
            finished = true
        }
        defer { finish() }
        let length = Int(request.headers["content-length"] ?? "") ?? 0
        if fault == .resetMidRequest {
            _ = reader.readBody(length: length / 2)
            finish()
            LoopbackSocket.reset(client)
            return
        }
        let body = reader.readBody(length: length)
        switch fault {
        case .slowDown?:
            let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>SlowDown</Code>"
                + "<Message>Please reduce your request rate.</Message><RequestId>FAULTPROXY</RequestId></Error>"
            let response = "HTTP/1.1 503 Slow Down\r\nContent-Type: application/xml\r\nContent-Length: \(xml.utf8.count)\r\n"
                + "Connection: close\r\n\r\n" + xml
            finish()
            LoopbackSocket.write(client, Array(response.utf8))
            close(client)
        case let .stall(seconds)?:
            Thread.sleep(forTimeInterval: seconds)
            finish()
            close(client)
        case .resetMidResponse?, nil:
            let forwarded = forward(head: head, body: body, method: request.method)
            finish()
            guard let (responseHead, responseBody) = forwarded else {
                LoopbackSocket.write(client, Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                close(client)
                return
            }
            if fault == .resetMidResponse {
                LoopbackSocket.write(client, responseHead + Array(responseBody.prefix(responseBody.count / 2)))
                LoopbackSocket.reset(client)
            } else {
                LoopbackSocket.write(client, responseHead + responseBody)
                close(client)
            }
        case .resetMidRequest?:
            break  // handled above
        }
    }

    /// Sends the request upstream and reads the whole response; the head is rewritten to end
    /// with `Connection: close`.
    private func forward(head: [UInt8], body: [UInt8], method: String) -> (head: [UInt8], body: [UInt8])? {
        guard let upstream = LoopbackSocket.connect(port: upstreamPort) else { return nil }
        defer { close(upstream) }
        guard LoopbackSocket.write(upstream, head + body) else { return nil }
        var reader = HTTPMessageReader(fd: upstream)
        guard let responseHead = reader.readHead() else { return nil }
        let parsed = HTTPHead(responseHead)
        let status = Int(parsed.target) ?? 0  // for a status line, "target" is the code
        let responseBody: [UInt8]
        if method == "HEAD" || status == 204 || status == 304 || (100..<200).contains(status) {
            responseBody = []
        } else if let length = parsed.headers["content-length"].flatMap({ Int($0) }) {
            responseBody = reader.readBody(length: length)
        } else {
            responseBody = reader.readToEnd()
        }
        var lines = String(decoding: responseHead, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        lines.removeAll { $0.lowercased().hasPrefix("connection:") }
        if parsed.headers["content-length"] == nil, !responseBody.isEmpty {
            lines.removeAll { $0.lowercased().hasPrefix("transfer-encoding:") }
            lines.append("Content-Length: \(responseBody.count)")
        }
        lines.append("Connection: close")
        return (Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), responseBody)
    }
}

/// Reads an HTTP message from a socket: the head up to the blank line, then the body.
struct HTTPMessageReader {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// The head, blank line included; nil if the stream ends first.
    mutating func readHead() -> [UInt8]? {
        let terminator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let end = buffer.firstRange(of: terminator) {
                let head = Array(buffer[..<end.upperBound])
                buffer.removeFirst(end.upperBound)
                return head
            }
            let chunk = LoopbackSocket.read(fd)
            if chunk.isEmpty { return nil }
            buffer += chunk
        }
    }

    /// Exactly `length` bytes, or fewer if the stream ends.
    mutating func readBody(length: Int) -> [UInt8] {
        while buffer.count < length {
            let chunk = LoopbackSocket.read(fd)
            if chunk.isEmpty { break }
            buffer += chunk
        }
        let body = Array(buffer.prefix(length))
        buffer.removeFirst(body.count)
        return body
    }

    /// Everything until the peer closes.
    mutating func readToEnd() -> [UInt8] {
        while true {
            let chunk = LoopbackSocket.read(fd)
            if chunk.isEmpty { break }
            buffer += chunk
        }
        defer { buffer = [] }
        return buffer
    }
}

/// The first line and headers of a request or response head. For a request `method` and
/// `target` are the method and request target; for a response, the version and status code.
struct HTTPHead {
    var method = ""
    var target = ""
    var headers: [String: String] = [:]

    init(_ bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let first = lines.first?.split(separator: " ", maxSplits: 2).map(String.init) ?? []
        method = first.first ?? ""
        target = first.count > 1 ? first[1] : ""
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }
}
