import Foundation
import Testing

@testable import S3Upload

private let fileSecret = "fileSecret/with=equals+plus"
private let credentialsFile = """
    # written by aws configure
    [default]
    aws_access_key_id = AKIAFILEDEFAULT
    aws_secret_access_key = \(fileSecret)

    ; a second profile, keys in other case and with ':'
    [ ci ]\r
    AWS_ACCESS_KEY_ID: AKIAFILECI\r
    aws_secret_access_key=ciSecret\r
    aws_session_token = ciToken\r
    s3 =
      max_concurrent_requests = 20

    [no-secret]
    aws_access_key_id = AKIANOSECRET
    """

@Suite("Credentials loading")
struct CredentialsLoadingTests {
    @Test("the environment comes first, with its session token")
    func fromEnvironment() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write(credentialsFile, to: ".aws/credentials")
        let credentials = try Credentials.load(
            environment: [
                "AWS_ACCESS_KEY_ID": "AKIAENV", "AWS_SECRET_ACCESS_KEY": "envSecret", "AWS_SESSION_TOKEN": "envToken",
            ],
            homeDirectory: home.path)
        #expect(
            credentials == Credentials(accessKeyID: "AKIAENV", secretAccessKey: "envSecret", sessionToken: "envToken"))
    }

    @Test("empty environment values count as unset")
    func emptyEnvironmentValues() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write(credentialsFile, to: ".aws/credentials")
        let credentials = try Credentials.load(
            environment: ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "", "AWS_SESSION_TOKEN": ""],
            homeDirectory: home.path)
        #expect(credentials.accessKeyID == "AKIAFILEDEFAULT")
        #expect(credentials.sessionToken == nil)
    }

    @Test("half the environment is an error that does not show the half that is set")
    func partialEnvironment() {
        #expect(throws: CredentialsError.partialEnvironment(set: "AWS_ACCESS_KEY_ID", missing: "AWS_SECRET_ACCESS_KEY"))
        {
            try Credentials.load(environment: ["AWS_ACCESS_KEY_ID": "AKIAENV"], homeDirectory: "/nonexistent")
        }
        do throws(CredentialsError) {
            _ = try Credentials.load(environment: ["AWS_SECRET_ACCESS_KEY": "envSecret"], homeDirectory: "/nonexistent")
            Issue.record("expected an error")
        } catch {
            #expect(error == .partialEnvironment(set: "AWS_SECRET_ACCESS_KEY", missing: "AWS_ACCESS_KEY_ID"))
            #expect(!error.description.contains("envSecret"))
            #expect(error.description.contains("AWS_ACCESS_KEY_ID"))
        }
    }

    @Test("the default profile of <home>/.aws/credentials")
    func defaultProfile() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write(credentialsFile, to: ".aws/credentials")
        let credentials = try Credentials.load(environment: [:], homeDirectory: home.path)
        #expect(credentials == Credentials(accessKeyID: "AKIAFILEDEFAULT", secretAccessKey: fileSecret))
    }

    @Test("HOME locates the file when no home directory is passed")
    func homeFromEnvironment() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write(credentialsFile, to: ".aws/credentials")
        #expect(try Credentials.load(environment: ["HOME": home.path]).accessKeyID == "AKIAFILEDEFAULT")
    }

    @Test("AWS_PROFILE picks a section: CRLF, ':' separator, key case, spaces in brackets, token")
    func namedProfile() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write(credentialsFile, to: ".aws/credentials")
        let credentials = try Credentials.load(environment: ["AWS_PROFILE": "ci"], homeDirectory: home.path)
        #expect(
            credentials == Credentials(accessKeyID: "AKIAFILECI", secretAccessKey: "ciSecret", sessionToken: "ciToken"))
    }

    @Test("AWS_SHARED_CREDENTIALS_FILE overrides the location, '~/' resolved against home")
    func sharedCredentialsFileVariable() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write(
            "[default]\naws_access_key_id=AKIAELSEWHERE\naws_secret_access_key=x\n", to: "elsewhere/creds")
        try home.write(credentialsFile, to: ".aws/credentials")
        let absolute = try Credentials.load(
            environment: ["AWS_SHARED_CREDENTIALS_FILE": path], homeDirectory: home.path)
        #expect(absolute.accessKeyID == "AKIAELSEWHERE")
        let tilde = try Credentials.load(
            environment: ["AWS_SHARED_CREDENTIALS_FILE": "~/elsewhere/creds"], homeDirectory: home.path)
        #expect(tilde.accessKeyID == "AKIAELSEWHERE")
    }

    @Test("a missing profile names the profile and the file")
    func missingProfile() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write(credentialsFile, to: ".aws/credentials")
        do throws(CredentialsError) {
            _ = try Credentials.load(environment: ["AWS_PROFILE": "prod"], homeDirectory: home.path)
            Issue.record("expected an error")
        } catch {
            #expect(error == .profileNotFound(profile: "prod", file: path))
            #expect(error.description == "profile 'prod' not found in the credentials file '\(path)'")
        }
    }

    @Test("no environment and no file: an error naming the file and profile")
    func nothingFound() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let expectedPath = home.path + "/.aws/credentials"
        do throws(CredentialsError) {
            _ = try Credentials.load(environment: [:], homeDirectory: home.path)
            Issue.record("expected an error")
        } catch {
            #expect(error == .notFound(profile: "default", file: expectedPath))
            #expect(error.description.contains(expectedPath))
            #expect(error.description.contains("AWS_ACCESS_KEY_ID"))
        }
    }

    @Test("a profile without a secret names the missing key")
    func incompleteProfile() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write(credentialsFile, to: ".aws/credentials")
        #expect(
            throws: CredentialsError.incompleteProfile(
                profile: "no-secret", file: path, missing: "aws_secret_access_key")
        ) {
            try Credentials.load(environment: ["AWS_PROFILE": "no-secret"], homeDirectory: home.path)
        }
    }

    @Test(
        "a malformed line is reported by number, never by content",
        arguments: [
            ("[default]\naws_access_key_id = A\nwJalrXUtnFEMI-leaked-secret\n", 3),
            ("aws_secret_access_key = wJalrXUtnFEMI-leaked-secret\n[default]\n", 1),
            ("[default\naws_secret_access_key = wJalrXUtnFEMI-leaked-secret\n", 1),
            ("[default]\n= wJalrXUtnFEMI-leaked-secret\n", 2),
        ])
    func malformedLine(text: String, line: Int) throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write(text, to: ".aws/credentials")
        do throws(CredentialsError) {
            _ = try Credentials.load(environment: [:], homeDirectory: home.path)
            Issue.record("expected an error")
        } catch {
            #expect(error == .malformedFile(file: path, line: line))
            #expect(!error.description.contains("leaked"))
        }
    }

    @Test("a Windows-written file: BOM and CRLF throughout")
    func byteOrderMarkAndCRLF() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write(
            "\u{FEFF}[default]\r\naws_access_key_id=A\r\naws_secret_access_key=S\r\n", to: "credentials")
        #expect(
            try Credentials.fromSharedCredentialsFile(atPath: path, profile: "default")
                == Credentials(accessKeyID: "A", secretAccessKey: "S"))
    }

    @Test("environment credentials without a token have none")
    func environmentWithoutToken() throws {
        let credentials = try #require(
            try Credentials.fromEnvironment(["AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "S"]))
        #expect(credentials.sessionToken == nil)
        #expect(try Credentials.fromEnvironment(["AWS_PROFILE": "x"]) == nil)
    }
}
