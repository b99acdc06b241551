import Crypto
import Foundation

@testable import S3Upload

/// One case of the AWS signing test suite (aws-c-auth `tests/aws-signing-test-suite/v4`):
/// `request.txt` (the request before signing), `context.json` (credentials, region, service,
/// time, options) and the `header-*.txt` known answers.
struct SuiteCase {
    struct Context: Decodable {
        struct Keys: Decodable {
            let accessKeyId: String
            let secretAccessKey: String
            let token: String?
        }
        let credentials: Keys
        let region: String
        let service: String
        let timestamp: String
        let normalize: Bool
        let signBody: Bool
        let omitSessionToken: Bool?
    }

    let name: String
    let directory: URL
    let context: Context
    let request: ParsedHTTPRequest

    init(_ name: String) throws {
        self.name = name
        directory = try Fixtures.suite().appendingPathComponent(name)
        context = try JSONDecoder.fromSnakeCase.decode(
            Context.self, from: Data(contentsOf: directory.appendingPathComponent("context.json")))
        request = try ParsedHTTPRequest(Fixtures.text(directory.appendingPathComponent("request.txt")))
    }

    /// The exact text of one of the case's files.
    func file(_ name: String) throws -> String {
        try Fixtures.text(directory.appendingPathComponent(name))
    }

    /// The signing time of `context.json`.
    func date() throws -> Date {
        try Date(context.timestamp, strategy: .iso8601)
    }

    /// The signer the context describes; the generic suite adds `x-amz-content-sha256` only
    /// when it signs the body, and `omit_session_token` adds the token after signing.
    var signer: SigV4Signer {
        SigV4Signer(
            credentials: Credentials(
                accessKeyID: context.credentials.accessKeyId,
                secretAccessKey: context.credentials.secretAccessKey,
                sessionToken: context.credentials.token),
            region: context.region, service: context.service,
            addsContentSHA256: context.signBody,
            signsSessionToken: !(context.omitSessionToken ?? false))
    }

    /// `request.txt` as a `SignableRequest`, the payload hash computed from its body.
    var signableRequest: SignableRequest {
        SignableRequest(
            method: request.method, path: request.path,
            query: request.query.map { SignableRequest.QueryItem($0.name, $0.value) },
            headers: request.headers.map { SignableRequest.Header($0.name, $0.value) },
            payloadHash: PayloadHash.sha256(of: Array(request.body.utf8)))
    }
}

/// An HTTP/1.1 request in the suite's text form: request line, header lines (an indented line
/// continues the previous header, joined with one space), blank line, body.
struct ParsedHTTPRequest {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    var method = ""
    /// The path, percent-decoded.
    var path = ""
    /// The query parameters, percent-decoded, in order.
    var query: [(name: String, value: String)] = []
    var headers: [(name: String, value: String)] = []
    var body = ""

    init(_ text: String) throws {
        // "\r\n" is one Character, so split on both line-ending forms.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        guard !lines.isEmpty else { throw Malformed(description: "empty request") }
        let requestLine = lines.removeFirst()
        guard let firstSpace = requestLine.firstIndex(of: " "), let lastSpace = requestLine.lastIndex(of: " "),
            firstSpace < lastSpace
        else { throw Malformed(description: "bad request line \(requestLine)") }
        method = String(requestLine[..<firstSpace])
        let target = String(requestLine[requestLine.index(after: firstSpace)..<lastSpace])
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = try Self.decode(parts[0])
        if parts.count == 2, !parts[1].isEmpty {
            query = try parts[1].split(separator: "&").map { pair in
                let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (try Self.decode(nameValue[0]), nameValue.count == 2 ? try Self.decode(nameValue[1]) : "")
            }
        }
        while !lines.isEmpty {
            let line = lines.removeFirst()
            if line.isEmpty { break }
            if line.first == " " || line.first == "\t" {
                guard !headers.isEmpty else { throw Malformed(description: "continuation before any header") }
                headers[headers.count - 1].value += " " + line
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { throw Malformed(description: "bad header line \(line)") }
            headers.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
        }
        body = lines.joined(separator: "\n")
    }

    private static func decode(_ text: Substring) throws -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw Malformed(description: "bad percent-encoding in \(text)")
        }
        return decoded
    }
}
