import Crypto
import Foundation

/// The texts of one SigV4 signature, each step as the AWS documentation names it
/// (https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html).
/// Internal: tests compare `canonicalRequest` and `stringToSign` with known answers.
struct SigV4Steps: Sendable {
    /// Method, canonical URI, canonical query, canonical headers, signed headers, payload hash.
    let canonicalRequest: String
    /// The header names that are signed, lower-case, sorted, joined with ';'.
    let signedHeaders: String
    /// "<day>/<region>/<service>/aws4_request".
    let scope: String
    /// Algorithm, time stamp, scope, hex SHA-256 of the canonical request.
    let stringToSign: String
    /// Hex HMAC-SHA256 of the string to sign under the derived signing key.
    let signature: String
    /// The value of the Authorization header.
    let authorization: String

    /// The steps for `request`, whose headers already include the `x-amz-*` ones to sign.
    init(request: SignableRequest, time: AmzDate, credentials: Credentials, region: String, service: String) {
        let (headerBlock, signedHeaders) = Self.canonicalHeaders(request.headers)
        canonicalRequest = [
            request.method, request.encodedPath, request.encodedQuery, headerBlock, signedHeaders,
            request.payloadHash.value,
        ].joined(separator: "\n")
        self.signedHeaders = signedHeaders
        scope = "\(time.day)/\(region)/\(service)/aws4_request"
        stringToSign = [
            "AWS4-HMAC-SHA256", time.stamp, scope, SHA256.hash(data: Data(canonicalRequest.utf8)).hexString,
        ].joined(separator: "\n")
        let key = Self.signingKey(secret: credentials.secretAccessKey, day: time.day, region: region, service: service)
        signature = Self.hmac(key, stringToSign).hexString
        authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), "
            + "SignedHeaders=\(signedHeaders), Signature=\(signature)"
    }

    /// The canonical header block (each "name:value\n") and the signed-headers list. Names are
    /// lower-cased and sorted; values are trimmed with inner whitespace runs collapsed to one
    /// space; the values of a repeated name are joined with ',' in their original order.
    static func canonicalHeaders(_ headers: [SignableRequest.Header]) -> (block: String, signed: String) {
        var values: [String: [String]] = [:]
        for header in headers {
            values[header.name.lowercased().trimmingHTTPWhitespace, default: []].append(
                header.value.trimmingHTTPWhitespace)
        }
        let sorted = values.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        let block = sorted.map { "\($0.key):\($0.value.joined(separator: ","))\n" }.joined()
        return (block, sorted.map(\.key).joined(separator: ";"))
    }

    /// kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, day), region), service), "aws4_request").
    static func signingKey(secret: String, day: String, region: String, service: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data(("AWS4" + secret).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: hmac(key, part))
        }
        return key
    }

    /// HMAC-SHA256 of the UTF-8 bytes of `message` (swift-crypto `HMAC<SHA256>`).
    static func hmac(_ key: SymmetricKey, _ message: String) -> HashedAuthenticationCode<SHA256> {
        HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key)
    }
}

extension String {
    /// Without leading or trailing spaces, tabs, CRs and LFs, and each inner run of them
    /// replaced by one space (SigV4's "Trimall").
    var trimmingHTTPWhitespace: String {
        utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            .map { String(decoding: $0, as: UTF8.self) }
            .joined(separator: " ")
    }
}
