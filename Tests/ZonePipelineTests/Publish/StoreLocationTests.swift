import Testing
import ZonePipeline

/// One parser for every place a store is named: paths, RFC 8089 `file:` URLs, `s3://`, and
/// `http(s)://` where a command reads over HTTP; any other scheme is refused.
@Suite struct StoreLocationTests {
    static let all: Set<StoreLocation.Form> = [.directory, .s3, .http]

    @Test(arguments: [
        ("dist", StoreLocation.directory("dist")),
        ("./a:b", .directory("./a:b")),
        ("/tmp/store", .directory("/tmp/store")),
        ("file:///tmp/store", .directory("/tmp/store")),
        ("file://localhost/tmp/store", .directory("/tmp/store")),
        ("FILE://LocalHost/tmp/store", .directory("/tmp/store")),
        ("file:/tmp/store", .directory("/tmp/store")),
        ("file:///tmp/my%20store", .directory("/tmp/my store")),
        ("s3://bucket", .s3(bucket: "bucket", prefix: "")),
        ("s3://bucket/zones", .s3(bucket: "bucket", prefix: "zones/")),
        ("S3://bucket/zones/", .s3(bucket: "bucket", prefix: "zones/")),
        ("https://cdn.example.com/zones", .http("https://cdn.example.com/zones")),
    ])
    func accepted(_ text: String, _ expected: StoreLocation) throws {
        #expect(try StoreLocation(text, accepting: Self.all, option: "--from") == expected)
    }

    @Test(arguments: [
        "https://cdn.example.com/zones", "http://cdn.example.com/zones", "HTTPS://cdn.example.com", "gs://bucket/zones",
        "ftp://host/zones", "s3:bucket", "mailto:someone", "c:zones",
    ])
    func refusedSchemesListTheSupportedOnes(_ text: String) {
        #expect(throws: StoreLocationError.self) {
            try StoreLocation(text, accepting: [.directory, .s3], option: "--target")
        }
        do {
            _ = try StoreLocation(text, accepting: [.directory, .s3], option: "--target")
        } catch {
            #expect(error.message.hasPrefix("--target \(text): "), "\(error.message)")
            if !text.lowercased().hasPrefix("s3:") {
                #expect(
                    error.message.contains("a directory path, file:///path, s3://bucket/prefix"), "\(error.message)")
            }
        }
    }

    @Test(arguments: [
        ("file://otherhost/tmp/store", "another host"), ("file:relative/store", "expected file:///absolute/path"),
        ("file:///tmp/a?b", "no query or fragment"), ("file:///tmp/%zz", "percent-encoding"),
        ("s3://", "no bucket"), ("s3://bucket/zones?x=1", "no query or fragment"),
        ("s3://user:secret@bucket/zones", "without user info"), ("file://user:secret@host/tmp", "another host"),
    ])
    func refusedForms(_ text: String, _ problem: String) {
        do {
            _ = try StoreLocation(text, accepting: Self.all, option: "--from")
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.message.contains(problem), "\(error.message)")
            #expect(!error.message.contains("secret"), "\(error.message)")
        }
    }

    @Test func aCommandThatDoesNotReadOverHTTPRefusesHTTP() {
        #expect(throws: StoreLocationError.self) {
            try StoreLocation("https://cdn.example.com", accepting: [.directory], option: "--from")
        }
        #expect(throws: StoreLocationError.self) {
            try StoreLocation("s3://bucket", accepting: [.directory], option: "--from")
        }
    }
}
