import Foundation
import Testing

@testable import S3Upload

/// The AWS signing test suite (aws-c-auth, Apache-2.0; `Fixtures/sigv4/aws-signing-test-suite-v4`),
/// header-signing variant. Every case is in exactly one of the two lists below.
enum SuiteCases {
    /// Cases signed and compared with their known answers.
    ///
    /// The `*-unnormalized` path cases are here on purpose: their context has `normalize: false`,
    /// which is exactly S3's rule (keep "//", "." and ".." as they are), so they check that the
    /// signer does not normalise.
    static let applicable = [
        "get-header-key-duplicate", "get-header-value-multiline", "get-header-value-order", "get-header-value-trim",
        "get-relative-relative-unnormalized", "get-relative-unnormalized",
        "get-slash-dot-slash-unnormalized", "get-slash-pointless-dot-unnormalized", "get-slash-unnormalized",
        "get-slashes-unnormalized", "get-space-unnormalized",
        "get-unreserved", "get-utf8",
        "get-vanilla", "get-vanilla-empty-query-key", "get-vanilla-query", "get-vanilla-query-order-encoded",
        "get-vanilla-query-order-key-case", "get-vanilla-query-unreserved", "get-vanilla-utf8-query",
        "get-vanilla-with-session-token",
        "post-header-key-case", "post-header-key-sort", "post-header-value-case",
        "post-sts-header-after", "post-sts-header-before",
        "post-vanilla", "post-vanilla-empty-query-value", "post-vanilla-query",
        "post-x-www-form-urlencoded", "post-x-www-form-urlencoded-parameters",
    ]

    /// Cases not compared with their own answers: their context asks for path normalisation
    /// (`normalize: true` with "//", "." or ".." segments, or a space that other services
    /// double-encode), which S3 does not do — an S3 key "a/../b" is a key, not "b". Each maps
    /// to its `-unnormalized` sibling: same request, S3's answer, checked in
    /// `skippedNormalisedCasesGetTheUnnormalisedAnswer`.
    static let skippedForPathNormalisation = [
        "get-relative-normalized": "get-relative-unnormalized",
        "get-relative-relative-normalized": "get-relative-relative-unnormalized",
        "get-slash-dot-slash-normalized": "get-slash-dot-slash-unnormalized",
        "get-slash-normalized": "get-slash-unnormalized",
        "get-slash-pointless-dot-normalized": "get-slash-pointless-dot-unnormalized",
        "get-slashes-normalized": "get-slashes-unnormalized",
        "get-space-normalized": "get-space-unnormalized",
    ]
}

@Suite("AWS signing test suite (v4, header signing)")
struct SigningTestSuiteTests {
    @Test("every case directory is either run or explicitly skipped")
    func listsCoverTheSuite() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Fixtures.suite().path)
        let run = Set(SuiteCases.applicable)
        let skipped = Set(SuiteCases.skippedForPathNormalisation.keys)
        #expect(onDisk.count == 38)
        #expect(run.count == SuiteCases.applicable.count)
        #expect(run.isDisjoint(with: skipped))
        #expect(run.union(skipped) == Set(onDisk))
    }

    @Test(
        "known answers: canonical request, string to sign, signature, signed headers", arguments: SuiteCases.applicable)
    func knownAnswer(name: String) throws {
        let suiteCase = try SuiteCase(name)
        var request = suiteCase.signableRequest
        let steps = suiteCase.signer.signExposingSteps(&request, date: try suiteCase.date())

        let canonicalRequest = try suiteCase.file("header-canonical-request.txt")
        let stringToSign = try suiteCase.file("header-string-to-sign.txt")
        let signature = try suiteCase.file("header-signature.txt")
        #expect(steps.canonicalRequest == canonicalRequest)
        #expect(steps.stringToSign == stringToSign)
        #expect(steps.signature == signature)

        // The request as the suite sends it: same headers, values and multiplicities.
        let expected = try ParsedHTTPRequest(suiteCase.file("header-signed-request.txt"))
        let lowered = { (headers: [(name: String, value: String)]) in
            headers.map { "\($0.name.lowercased()):\($0.value)" }.sorted()
        }
        #expect(lowered(request.headers.map { ($0.name, $0.value) }) == lowered(expected.headers))
        #expect(
            request.values(forHeader: "authorization")
                == expected.headers.filter { $0.name == "Authorization" }.map(\.value))
    }

    @Test(
        "a skipped normalised case keeps its path, as S3 does: its -unnormalized sibling's answer",
        arguments: SuiteCases.skippedForPathNormalisation.sorted(by: { $0.key < $1.key }))
    func skippedNormalisedCasesGetTheUnnormalisedAnswer(skipped: String, sibling: String) throws {
        let normalised = try SuiteCase(skipped)
        let unnormalised = try SuiteCase(sibling)
        #expect(normalised.context.normalize == true)
        #expect(unnormalised.context.normalize == false)
        #expect(try normalised.file("request.txt") == unnormalised.file("request.txt"))

        var request = normalised.signableRequest
        let steps = normalised.signer.signExposingSteps(&request, date: try normalised.date())
        let canonicalRequest = try unnormalised.file("header-canonical-request.txt")
        let signature = try unnormalised.file("header-signature.txt")
        #expect(steps.canonicalRequest == canonicalRequest)
        #expect(steps.signature == signature)
    }
}
