import Testing

@testable import S3Upload

@Suite("Endpoint and configuration")
struct S3EndpointTests {
    @Test(
        "endpoint URLs parse into scheme, host and port; the default port is dropped",
        arguments: [
            ("http://127.0.0.1:9000", "http://127.0.0.1:9000", "127.0.0.1:9000"),
            (
                "https://S3.EU-Central-1.amazonaws.com/", "https://s3.eu-central-1.amazonaws.com",
                "s3.eu-central-1.amazonaws.com"
            ),
            ("http://localhost:80", "http://localhost", "localhost"),
            ("https://minio.local:443", "https://minio.local", "minio.local"),
            ("http://[::1]:9000", "http://[::1]:9000", "[::1]:9000"),
        ])
    func parse(url: String, description: String, authority: String) throws {
        let endpoint = try S3Endpoint(url: url)
        #expect(endpoint.description == description)
        #expect(endpoint.authority == authority)
    }

    @Test(
        "malformed endpoints are rejected",
        arguments: [
            "127.0.0.1:9000", "ftp://host", "http://", "http://host/path", "http://user@host", "http://host:port",
            "http://host:70000", "http://host?x=1", "http://ho st",
        ])
    func rejects(url: String) {
        #expect(throws: S3Error.self) { try S3Endpoint(url: url) }
    }

    @Test("the AWS endpoint of a region")
    func awsEndpoint() throws {
        #expect(try S3Endpoint.aws(region: "eu-west-1").description == "https://s3.eu-west-1.amazonaws.com")
    }

    @Test(
        "bucket names follow S3's rules",
        arguments: [
            ("zones", true), ("zonectl-tests", true), ("my.bucket.1", true), ("ab", false), ("Zones", false),
            ("-zones", false), ("zones-", false), ("zo_nes", false), (String(repeating: "a", count: 64), false),
        ])
    func bucketNames(name: String, valid: Bool) {
        #expect(S3ClientConfiguration.isValidBucketName(name) == valid)
    }

    @Test("configurations that cannot work are rejected with a reason")
    func invalidConfigurations() throws {
        let local = try S3Endpoint(url: "http://127.0.0.1:9000")
        let base = S3ClientConfiguration(endpoint: local, region: "us-east-1", bucket: "zones")
        try base.validate()
        var cases: [(S3ClientConfiguration, String)] = []
        var virtualOnIP = base
        virtualOnIP.addressingStyle = .virtualHosted
        cases.append((virtualOnIP, "host name"))
        var dottedTLS = base
        dottedTLS.endpoint = try S3Endpoint(url: "https://s3.amazonaws.com")
        dottedTLS.bucket = "my.zones"
        dottedTLS.addressingStyle = .virtualHosted
        cases.append((dottedTLS, "dots"))
        var noAttempts = base
        noAttempts.maxAttempts = 0
        cases.append((noAttempts, "attempts"))
        var noConcurrency = base
        noConcurrency.concurrency = 0
        cases.append((noConcurrency, "concurrency"))
        var badRegion = base
        badRegion.region = "us east"
        cases.append((badRegion, "region"))
        for (configuration, word) in cases {
            #expect {
                try configuration.validate()
            } throws: { error in
                guard case .invalidConfiguration(let reason) = error as? S3Error else { return false }
                return reason.contains(word)
            }
        }
    }
}
