import Foundation

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
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
    }
}
