import Foundation
import Testing

@testable import S3Upload

private let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
private let token = "FQoGZXIvYXdzEXAMPLE-session-token"
private let credentials = Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: secret, sessionToken: token)

/// Every textual form Swift offers for a value.
private func renderings(_ value: Any) -> [String] {
    var dumped = ""
    dump(value, to: &dumped)
    return [String(describing: value), String(reflecting: value), "\(value)", dumped]
}

/// The secret, the token, and secret-derived substrings long enough to matter.
private func leaks(in text: String) -> [String] {
    [secret, token, String(secret.prefix(12)), String(secret.suffix(12)), String(token.prefix(12))].filter {
        text.contains($0)
    }
}

@Suite("Secrets never appear in descriptions")
struct RedactionTests {
    @Test("Credentials show four characters of the key ID and no secret")
    func credentialsDescription() {
        #expect(credentials.description == "AKID…(redacted, session token)")
        #expect(Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: secret).description == "AKID…(redacted)")
        for text in renderings(credentials) + renderings([credentials]) + renderings(Optional(credentials) as Any) {
            #expect(leaks(in: text).isEmpty, "\(text)")
            #expect(text.contains("(redacted"), "\(text)")
        }
    }

    @Test("the signer's descriptions hide its credentials")
    func signerDescription() {
        let signer = SigV4Signer(credentials: credentials, region: "us-east-1")
        for text in renderings(signer) {
            #expect(leaks(in: text).isEmpty, "\(text)")
            #expect(text.contains("us-east-1"))
        }
    }

    @Test("a signed request's descriptions hide Authorization and the session token")
    func signedRequestDescription() throws {
        var request = SignableRequest(
            method: "PUT", path: "/bucket/zones/a b.json",
            headers: [.init("Host", "127.0.0.1:9000"), .init("Content-Type", "application/geo+json")],
            payloadHash: .emptyBody)
        SigV4Signer(credentials: credentials, region: "us-east-1").sign(&request, date: Date(timeIntervalSince1970: 0))
        let authorization = try #require(request.values(forHeader: "authorization").first)
        let signature = try #require(authorization.split(separator: "=").last.map(String.init))
        #expect(request.values(forHeader: "x-amz-security-token") == [token])

        let texts = renderings(request) + request.headers.flatMap { renderings($0) }
        for text in texts {
            #expect(leaks(in: text).isEmpty, "\(text)")
            #expect(!text.contains(signature), "\(text)")
        }
        #expect(request.description.contains("PUT /bucket/zones/a%20b.json"))
        #expect(request.description.contains("Authorization: (redacted)"))
        #expect(request.description.contains("X-Amz-Security-Token: (redacted)"))
        #expect(request.description.contains("Content-Type: application/geo+json"))
    }

    @Test(
        "credential errors never carry the secret",
        arguments: [
            ["AWS_SECRET_ACCESS_KEY": secret],
            ["AWS_SECRET_ACCESS_KEY": secret, "AWS_SESSION_TOKEN": token],
            [:],
        ])
    func errorsDoNotLeak(environment: [String: String]) throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write("[default]\naws_access_key_id = \(token)\n\(secret)\n", to: ".aws/credentials")
        do throws(CredentialsError) {
            _ = try Credentials.load(environment: environment, homeDirectory: home.path)
            Issue.record("expected an error")
        } catch {
            for text in renderings(error) + [error.localizedDescription] {
                #expect(!text.contains(token), "\(text)")
                #expect(!text.contains(secret), "\(text)")
            }
        }
    }
}
