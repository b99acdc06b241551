import Crypto
import Foundation

/// The `Content-MD5` header value (RFC 1864): the base64 of the body's MD5 digest
/// (swift-crypto `Insecure.MD5`). S3 rejects a PUT whose body does not match it.
enum ContentMD5 {
    /// e.g. "1B2M2Y8AsgTpgAmY7PhCfg==" for an empty body.
    static func value(of body: [UInt8]) -> String {
        Data(Insecure.MD5.hash(data: body)).base64EncodedString()
    }
}
