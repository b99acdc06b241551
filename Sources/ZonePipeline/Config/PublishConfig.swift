import URLRedaction
internal import Yams

/// Where and how artifacts are published (`publish` in `pipeline.yml`).
public struct PublishConfig: Sendable, Equatable, Encodable {
    /// How bucket names go into S3 request URLs.
    public enum Addressing: String, Sendable, Equatable, CaseIterable, Encodable {
        /// `https://endpoint/bucket/key` — works with every S3-compatible server.
        case path
        /// `https://bucket.endpoint/key` — AWS's preferred form; needs DNS-compatible bucket names.
        case virtual
    }

    /// `target`: `s3://bucket/prefix`, a directory path or a `file://` URL; nil: give it on the command line.
    public var target: String?
    /// `endpoint`: S3 endpoint URL (`http://` or `https://`); nil: `AWS_ENDPOINT_URL` or AWS itself.
    public var endpoint: String?
    /// `region`: signing region; nil: `AWS_REGION`.
    public var region: String?
    /// `addressing`: path-style or virtual-hosted-style bucket addressing.
    public var addressing: Addressing
    /// `keep_versions`: how many published manifests to keep (at least 1).
    public var keepVersions: Int
    /// `manifest_max_age`: `Cache-Control: max-age` of `manifest.json`, in seconds.
    public var manifestMaxAge: Int
    /// `concurrency`: parallel uploads, 1...64.
    public var concurrency: Int
    /// `max_attempts`: attempts per S3 request, the first included (1: never retry), 1...10.
    public var maxAttempts: Int
    /// `stall_timeout_s`: seconds a transfer may move no data before it is abandoned (and
    /// retried while attempts remain), 1...600.
    public var stallTimeoutS: Int

    /// Publish settings; the parameters default to the values of absent keys.
    public init(
        target: String? = nil, endpoint: String? = nil, region: String? = nil, addressing: Addressing = .path,
        keepVersions: Int = 10, manifestMaxAge: Int = 60, concurrency: Int = 8, maxAttempts: Int = 4,
        stallTimeoutS: Int = 30
    ) {
        self.target = target
        self.endpoint = endpoint
        self.region = region
        self.addressing = addressing
        self.keepVersions = keepVersions
        self.manifestMaxAge = manifestMaxAge
        self.concurrency = concurrency
        self.maxAttempts = maxAttempts
        self.stallTimeoutS = stallTimeoutS
    }
}

extension PublishConfig {
    /// The keys allowed in `publish`.
    static let keys = [
        "target", "endpoint", "region", "addressing", "keep_versions", "manifest_max_age", "concurrency",
        "max_attempts", "stall_timeout_s",
    ]

    /// Reads the `publish` mapping (null: the defaults; a null value leaves an optional key unset).
    init(node: Node, reader r: ConfigReader) throws(ConfigError) {
        self.init()
        for entry in try r.entries(of: node, in: "publish", allowed: Self.keys) {
            let value = entry.value
            switch entry.key {
            case "target":
                target = try r.optionalString(value)
                if let t = target, (try? StoreLocation(t, accepting: [.directory, .s3], option: "")) == nil {
                    let expected =
                        StoreLocation.scheme(of: t)?.lowercased() == "s3"
                        ? "s3://bucket[/prefix]" : "a directory path, a file:///path URL or s3://bucket[/prefix]"
                    throw r.error(
                        "expected \(expected), got \(redactingURLCredentials(r.describe(value)))", at: value)
                }
            case "endpoint":
                endpoint = try r.optionalString(value)
                if let e = endpoint, !(e.hasPrefix("http://") || e.hasPrefix("https://")) {
                    throw r.error(
                        "expected an http:// or https:// URL, got \(redactingURLCredentials(r.describe(value)))",
                        at: value)
                }
            case "region": region = try r.optionalString(value)
            case "addressing": addressing = try r.choice(value)
            case "keep_versions": keepVersions = try r.int(value, in: 1...Int.max)
            case "manifest_max_age": manifestMaxAge = try r.int(value, in: 0...Int.max)
            case "concurrency": concurrency = try r.int(value, in: 1...64)
            case "max_attempts": maxAttempts = try r.int(value, in: 1...10)
            case "stall_timeout_s": stallTimeoutS = try r.int(value, in: 1...600)
            default: break  // rejected by entries(of:)
            }
        }
    }
}
