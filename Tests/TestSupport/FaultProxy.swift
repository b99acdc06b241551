import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP/1.1 proxy in front of moto that can misbehave on demand. Each connection
/// carries one request (every response says `Connection: close`). Requests are forwarded byte
/// for byte — Host included, so signatures made for the proxy's address still verify — unless
/// a fault applies: first any queued fault (`reset(faults:)`, used by the next requests
/// whatever they are), else the first `Rule` that matches the request.
public final class FaultProxy: @unchecked Sendable {
    /// What to do to one request instead of forwarding it faithfully.
    public enum Fault: Sendable, Equatable {
        /// Answer 503 with an S3 `SlowDown` error body, without forwarding.
        case slowDown
        /// Answer `status` with an S3 error body of `code`, without forwarding.
        case error(status: Int, code: String)
        /// Read half of the request body, then reset the connection (nothing is forwarded).
        case resetMidRequest
        /// Forward, then relay the response head and half of its body, then reset.
        case resetMidResponse
        /// Forward (the server acts on it), then reset without relaying any of the answer.
        case dropResponse
        /// Read the request, then send nothing for `seconds` before closing (nothing is forwarded).
        case stall(seconds: Double)
        /// Wait until `release()` or `releaseNext()` lets it go (then forward), or `stop()`
        /// (then close without forwarding).
        case hold
    }

    /// One request as the proxy received it.
    public struct Recorded: Sendable {
        public var method: String
        public var target: String
        /// Lower-cased names.
        public var headers: [String: String]
        /// The fault applied, if any.
        public var fault: Fault?
        /// The status relayed to the client; nil until then, or when none was.
        public var status: Int?
    }

    public let port: Int
    private let upstreamPort: Int
    private let listenFD: Int32
    private let condition = NSCondition()
    private var faults: [Fault] = []
    private var rules: [RuleState] = []
    private var recorded: [Recorded] = []
    private var inFlight = 0
    private var maxInFlight = 0
    private var released = false
    private var waiting: [Int] = []
    private var releasedOne: Set<Int> = []
    private var stopped = false

    /// Listens on an ephemeral loopback port and forwards to 127.0.0.1:`upstreamPort`.
    public init(upstreamPort: Int, rules: [Rule] = []) throws {
        self.upstreamPort = upstreamPort
        self.rules = rules.map(RuleState.init)
        (listenFD, port) = try LoopbackSocket.listen()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "FaultProxy.accept"
        thread.start()
    }

    /// Stops accepting connections and ends every hold and stall (their requests are closed
    /// unanswered); requests being forwarded finish on their own.
    public func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
        shutdown(listenFD, Int32(SHUT_RDWR))
        close(listenFD)
    }

    /// Queues faults for the next requests, in order; replaces the rules (none by default);
    /// forgets requests recorded so far; closes the gate of `.hold`.
    public func reset(faults newFaults: [Fault] = [], rules newRules: [Rule] = []) {
        condition.withLock {
            faults = newFaults
            rules = newRules.map(RuleState.init)
            recorded = []
            maxInFlight = inFlight
            released = false
            waiting = []
            releasedOne = []
        }
    }

    /// Lets every held request (and any later `.hold`) go on to the server.
    public func release() {
        condition.withLock {
            released = true
            condition.broadcast()
        }
    }

    /// Lets the earliest request still held go on to the server; false when none is held.
    @discardableResult
    public func releaseNext() -> Bool {
        condition.withLock {
            guard !waiting.isEmpty else { return false }
            releasedOne.insert(waiting.removeFirst())
            condition.broadcast()
            return true
        }
    }

    /// The requests received since the last `reset`.
    public var requests: [Recorded] { condition.withLock { recorded } }

    /// The most requests in flight at once since the last `reset`: counted from the moment a
    /// request head arrives until just before its response is written, so a client that starts
    /// a new request only after a response completed can never be over-counted.
    public var maxConcurrentRequests: Int { condition.withLock { maxInFlight } }

    /// Queued faults not yet used.
    public var pendingFaults: [Fault] { condition.withLock { faults } }

    /// Waits up to `timeout` seconds for `predicate` over the recorded requests to hold.
    public func wait(timeout: Double, until predicate: ([Recorded]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if predicate(requests) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return predicate(requests)
    }

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

    /// Records the request and picks its fault.
    private func admit(_ request: HTTPHead) -> (index: Int, fault: Fault?) {
        condition.withLock {
            var fault: Fault? = faults.isEmpty ? nil : faults.removeFirst()
            if fault == nil, let rule = rules.firstIndex(where: { $0.rule.matches(request) }) {
                fault = rules[rule].next(for: request.target)
            }
            recorded.append(
                Recorded(method: request.method, target: request.target, headers: request.headers, fault: fault))
            inFlight += 1
            maxInFlight = max(maxInFlight, inFlight)
            return (recorded.count - 1, fault)
        }
    }

    private func handle(_ client: Int32) {
        var reader = HTTPMessageReader(fd: client)
        guard let head = reader.readHead() else {
            close(client)
            return
        }
        let request = HTTPHead(head)
        let (index, fault) = admit(request)
        var finished = false
        let finish = { [self] (status: Int?) in
            if !finished {
                condition.withLock {
                    inFlight -= 1
                    if let status, index < recorded.count { recorded[index].status = status }
                }
            }
            finished = true
        }
        defer { finish(nil) }
        let length = Int(request.headers["content-length"] ?? "") ?? 0
        if fault == .resetMidRequest {
            _ = reader.readBody(length: length / 2)
            finish(nil)
            LoopbackSocket.reset(client)
            return
        }
        let body = reader.readBody(length: length)
        switch fault {
        case .slowDown?, .error?:
            let (status, code) =
                if case .error(let status, let code)? = fault { (status, code) } else { (503, "SlowDown") }
            finish(status)
            LoopbackSocket.write(client, Self.errorResponse(status: status, code: code))
            close(client)
        case .stall(let seconds)?:
            sleep(until: Date().addingTimeInterval(seconds))
            finish(nil)
            close(client)
        case .hold?:
            guard waitForRelease(index, until: Date().addingTimeInterval(120)) else {
                finish(nil)
                close(client)
                return
            }
            relay(head: head, body: body, method: request.method, to: client, fault: nil, finish: finish)
        case .resetMidResponse?, .dropResponse?, nil:
            relay(head: head, body: body, method: request.method, to: client, fault: fault, finish: finish)
        case .resetMidRequest?:
            break  // handled above
        }
    }

    /// Sleeps until `deadline` or `stop()`.
    private func sleep(until deadline: Date) {
        condition.withLock {
            while !stopped, Date() < deadline { _ = condition.wait(until: deadline) }
        }
    }

    /// Holds request `index` until `release()`, `releaseNext()` picks it, `stop()` or
    /// `deadline`; true when released.
    private func waitForRelease(_ index: Int, until deadline: Date) -> Bool {
        condition.withLock {
            waiting.append(index)
            while !stopped, !released, !releasedOne.contains(index), Date() < deadline {
                _ = condition.wait(until: deadline)
            }
            waiting.removeAll { $0 == index }
            return (released || releasedOne.contains(index)) && !stopped
        }
    }

    /// Forwards the request and relays the answer, whole or as `fault` says.
    private func relay(
        head: [UInt8], body: [UInt8], method: String, to client: Int32, fault: Fault?, finish: (Int?) -> Void
    ) {
        guard let (responseHead, responseBody) = forward(head: head, body: body, method: method) else {
            finish(502)
            LoopbackSocket.write(
                client, Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            close(client)
            return
        }
        let status = Int(HTTPHead(responseHead).target)
        switch fault {
        case .dropResponse?:
            finish(nil)
            LoopbackSocket.reset(client)
        case .resetMidResponse?:
            finish(status)
            LoopbackSocket.write(client, responseHead + Array(responseBody.prefix(responseBody.count / 2)))
            LoopbackSocket.reset(client)
        default:
            finish(status)
            LoopbackSocket.write(client, responseHead + responseBody)
            close(client)
        }
    }

    /// An S3 error answer: status line, XML body, `Connection: close`.
    private static func errorResponse(status: Int, code: String) -> [UInt8] {
        let xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>\(code)</Code>"
            + (code == "SlowDown"
                ? "<Message>Please reduce your request rate.</Message>"
                : "<Message>Injected by the test proxy.</Message>")
            + "<RequestId>FAULTPROXY</RequestId></Error>"
        let reason = status == 503 ? "Slow Down" : "Error"
        return Array(
            ("HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/xml\r\nContent-Length: \(xml.utf8.count)\r\n"
                + "Connection: close\r\n\r\n" + xml).utf8)
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
