import Foundation

/// AWS Signature Version 4 in the Authorization header, as S3 wants it: the path is encoded
/// once and never normalised, and `x-amz-content-sha256` is signed.
///
/// The clock is a parameter (`sign(_:date:)`), so known-answer tests pin it and each retry
/// re-signs with a fresh one. Textual forms never show the secret.
public struct SigV4Signer: Sendable {
    /// Who signs.
    public var credentials: Credentials
    /// The region of the scope, e.g. "us-east-1".
    public var region: String
    /// The service of the scope: "s3".
    public var service: String
    /// Whether to add and sign `x-amz-content-sha256` (S3 requires it; the AWS signing test
    /// suite's generic "service" vectors have it only when they sign the body).
    public var addsContentSHA256: Bool
    /// Whether `X-Amz-Security-Token` is signed (S3, the default) or only added after signing.
    public var signsSessionToken: Bool

    /// A signer; `addsContentSHA256` defaults to `service == "s3"`.
    public init(
        credentials: Credentials, region: String, service: String = "s3",
        addsContentSHA256: Bool? = nil, signsSessionToken: Bool = true
    ) {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.addsContentSHA256 = addsContentSHA256 ?? (service == "s3")
        self.signsSessionToken = signsSessionToken
    }

    /// Signs `request` as of `date`: replaces any earlier `Authorization`, `X-Amz-Date`,
    /// `X-Amz-Security-Token` (and `x-amz-content-sha256` when it adds one), so re-signing a
    /// request for a retry is safe.
    public func sign(_ request: inout SignableRequest, date: Date) {
        signExposingSteps(&request, date: date)
    }

    /// `sign(_:date:)`, returning the intermediate texts (for known-answer tests).
    @discardableResult
    func signExposingSteps(_ request: inout SignableRequest, date: Date) -> SigV4Steps {
        let time = AmzDate(date)
        for name in ["authorization", "x-amz-date", "x-amz-security-token"] { request.removeHeaders(named: name) }
        request.headers.append(.init("X-Amz-Date", time.stamp))
        if addsContentSHA256 {
            request.removeHeaders(named: "x-amz-content-sha256")
            request.headers.append(.init("x-amz-content-sha256", request.payloadHash.value))
        }
        if let token = credentials.sessionToken, signsSessionToken {
            request.headers.append(.init("X-Amz-Security-Token", token))
        }
        let steps = SigV4Steps(request: request, time: time, credentials: credentials, region: region, service: service)
        if let token = credentials.sessionToken, !signsSessionToken {
            request.headers.append(.init("X-Amz-Security-Token", token))
        }
        request.headers.append(.init("Authorization", steps.authorization))
        return steps
    }
}

extension SigV4Signer: CustomStringConvertible, CustomReflectable {
    /// e.g. "SigV4Signer(AKIA…(redacted), us-east-1/s3)".
    public var description: String { "SigV4Signer(\(credentials), \(region)/\(service))" }

    /// The parts, with credentials redacted.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "credentials": credentials.description, "region": region, "service": service,
                "addsContentSHA256": addsContentSHA256, "signsSessionToken": signsSessionToken,
            ])
    }
}
