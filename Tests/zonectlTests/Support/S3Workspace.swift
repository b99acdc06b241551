import Foundation
import S3Upload
import TestSupport
import Testing

/// A temporary directory for `zonectl publish` against moto: the sample zones, point layer and pipeline.yml
/// of the repository, builds of them, and the environment that points zonectl at moto (or at a
/// `FaultProxy` in front of it) with the test user's key. Each workspace publishes under its own
/// prefix of the suite's bucket.
struct S3Workspace {
    let dir: URL
    let moto: MotoServer
    let prefix: String
    var target: String { "s3://\(MotoServer.bucket)/\(prefix)" }

    init(_ name: String) throws {
        moto = try MotoServer.require()
        prefix = "\(name)-\(UUID().uuidString.prefix(8).lowercased())"
        dir = try temporaryDirectory()
        for item in ["zones", "points", "pipeline.yml"] {
            try FileManager.default.copyItem(
                at: TestPaths.root.appendingPathComponent(item), to: dir.appendingPathComponent(item))
        }
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }

    /// Builds the sample zones into `out` with pipeline.yml; `parisLongitude` replaces one
    /// longitude of a Paris vertex (2.339999), so that exactly one city's artifact changes.
    @discardableResult
    func build(_ out: String, parisLongitude: String? = nil) throws -> [String: Any] {
        var zones = "zones"
        if let parisLongitude {
            zones = "zones-\(out)"
            try FileManager.default.copyItem(
                at: dir.appendingPathComponent("zones"), to: dir.appendingPathComponent(zones))
            let paris = dir.appendingPathComponent("\(zones)/paris.geojson")
            let text = try String(contentsOf: paris, encoding: .utf8)
            #expect(text.contains("2.339999"))
            try text.replacingOccurrences(of: "2.339999", with: parisLongitude).write(
                to: paris, atomically: true, encoding: .utf8)
        }
        let r = try zonectl("build", "--zones", zones, "--out", out, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        return try json(Data(contentsOf: dir.appendingPathComponent("\(out)/manifest.json")))
    }

    /// Writes a config for `publish --config` with these retry settings (publish reads nothing
    /// else from it: the build's manifest comes from --dist, the target from --target).
    func config(_ name: String, maxAttempts: Int = 4, stallTimeoutS: Int = 30) throws -> String {
        let text = "publish:\n  max_attempts: \(maxAttempts)\n  stall_timeout_s: \(stallTimeoutS)\n"
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return name
    }

    /// zonectl's environment: endpoint moto (or the proxy on `port`), the test user's key.
    func environment(port: Int? = nil) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = dir.path
        env["AWS_ENDPOINT_URL"] = "http://127.0.0.1:\(port ?? moto.port)"
        env["AWS_REGION"] = "us-east-1"
        env["AWS_ACCESS_KEY_ID"] = moto.credentials.accessKeyID
        env["AWS_SECRET_ACCESS_KEY"] = moto.credentials.secretAccessKey
        env.removeValue(forKey: "AWS_PROFILE")
        env.removeValue(forKey: "AWS_SESSION_TOKEN")
        return env
    }

    /// `zonectl publish --dist DIST --target … --format json [--config CONFIG]`.
    func publishArguments(_ dist: String, config: String? = nil) -> [String] {
        ["publish", "--from", dist, "--target", target, "--format", "json"] + (config.map { ["--config", $0] } ?? [])
    }

    /// Publishes `dist` straight to moto, or through the proxy on `port`.
    func publish(_ dist: String, port: Int? = nil, config: String? = nil) throws -> ProcessOutput {
        try runProcess(
            TestPaths.zonectl.path, publishArguments(dist, config: config), in: dir,
            environment: environment(port: port))
    }

    /// Starts the same publish in the background.
    func startPublish(_ dist: String, port: Int? = nil, config: String? = nil) throws -> ChildProcess {
        try startProcess(
            TestPaths.zonectl.path, publishArguments(dist, config: config), in: dir,
            environment: environment(port: port))
    }

    /// `zonectl verify` straight against moto.
    func verify() throws -> ProcessOutput {
        try runProcess(TestPaths.zonectl.path, ["verify", "--target", target], in: dir, environment: environment())
    }

    /// Scripts/check_bucket.py: the prefix as boto3 reads it, independently of zonectl.
    func check() throws -> BucketCheck {
        let r = try runProcess(
            TestPaths.python,
            [
                TestPaths.scripts.appendingPathComponent("check_bucket.py").path,
                "http://127.0.0.1:\(moto.port)", MotoServer.bucket, prefix,
            ],
            environment: environment())
        #expect(r.status == 0, "check_bucket.py: \(r.stderr)")
        return BucketCheck(try json(Data(r.stdout.utf8)))
    }

    /// manifest.json as moto serves it, read with the test's own client.
    func servedManifest() throws -> [UInt8]? {
        do {
            guard case .object(let o) = try moto.client().getObject(key: "\(prefix)/manifest.json") else { return nil }
            return o.body
        } catch let error as S3Error where error == .notFound {
            return nil
        }
    }
}

/// What check_bucket.py found.
struct BucketCheck {
    var version: String?
    var previous: String?
    var keys: [String]
    var manifests: [String]
    var problems: [String]

    init(_ object: [String: Any]) {
        version = object["version"] as? String
        previous = object["previous"] as? String
        keys = object["keys"] as? [String] ?? []
        manifests = object["manifests"] as? [String] ?? []
        problems = object["problems"] as? [String] ?? ["no result"]
    }

    /// Artifact keys (zones/, styles/) under the prefix.
    var artifacts: [String] { keys.filter { $0.hasPrefix("zones/") || $0.hasPrefix("styles/") } }
    /// Point layer files (points/) under the prefix.
    var pointFiles: [String] { keys.filter { $0.hasPrefix("points/") } }
}

/// A JSON object from bytes (a test failure when it is not one).
func json(_ data: Data) throws -> [String: Any] {
    try #require(
        try JSONSerialization.jsonObject(with: data) as? [String: Any],
        "not a JSON object: \(String(decoding: data, as: UTF8.self).prefix(500))")
}

/// The `requests` (or `retries`) of a publish's JSON output, by method.
func counts(_ output: [String: Any], _ field: String = "requests") -> [String: Int] {
    output[field] as? [String: Int] ?? [:]
}

/// Requests a proxy saw, by method.
func counts(_ requests: [FaultProxy.Recorded]) -> [String: Int] {
    requests.reduce(into: [:]) { $0[$1.method, default: 0] += 1 }
}
