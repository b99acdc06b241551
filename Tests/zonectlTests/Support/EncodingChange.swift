import Foundation
import TestSupport
import Testing

/// The sample zones published, then built again with other encoder settings (`gzip_level`,
/// `brotli_quality`) and published onto the same target: the content-hashed names are the same,
/// the encoded bytes are not, and the target keeps the bytes it has. Publish must record what
/// the target stores, so that `verify` and `zonectl sync` accept it.
struct EncodingChange {
    /// The working directory (the sample zones in `zones/`).
    let dir: URL
    /// The publish target (a directory or an s3:// URL).
    let target: String
    /// zonectl's environment (moto's endpoint and key for S3).
    var environment: [String: String]? = nil

    func zonectl(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(TestPaths.zonectl.path, arguments, in: dir, environment: environment)
    }

    /// Builds `zones` with `gzip_level` and `brotli_quality` (encodings gzip and br) into `out`.
    func build(_ out: String, zones: String = "zones", gzipLevel: Int, brotliQuality: Int) throws -> [String: Any] {
        let config = "build-\(out).yml"
        try "zones: \(zones)\ngzip_level: \(gzipLevel)\nencodings: [gzip, br]\nbrotli_quality: \(brotliQuality)\n"
            .write(to: dir.appendingPathComponent(config), atomically: true, encoding: .utf8)
        let r = try zonectl(["build", "--config", config, "--out", out])
        try #require(r.status == 0, "\(r.stderr)")
        return try json(Data(contentsOf: dir.appendingPathComponent("\(out)/manifest.json")))
    }

    func publish(_ dist: String) throws -> [String: Any] {
        let r = try zonectl(["publish", "--from", dist, "--target", target, "--format", "json"])
        try #require(r.status == 0, "\(r.stderr)")
        return try json(Data(r.stdoutBytes))
    }

    /// A copy of the zones with one Paris longitude moved, so that exactly one city changes.
    func movedParis() throws -> String {
        let zones = dir.appendingPathComponent("zones-paris")
        try FileManager.default.copyItem(at: dir.appendingPathComponent("zones"), to: zones)
        let paris = zones.appendingPathComponent("paris.geojson")
        let text = try String(contentsOf: paris, encoding: .utf8)
        try #require(text.contains("2.339999"))
        try text.replacingOccurrences(of: "2.339999", with: "2.338999").write(
            to: paris, atomically: true, encoding: .utf8)
        return "zones-paris"
    }

    static func paris(_ manifest: [String: Any]) throws -> [String: Any] {
        try #require((manifest["cities"] as? [[String: Any]])?.first { $0["id"] as? String == "paris" })
    }

    /// The scenario: publish at gzip 9 / brotli 9; the same zones at gzip 1 / brotli 5 are up to
    /// date (sizes adopted from the served manifest); publish a changed Paris at 9/9, roll back,
    /// publish that Paris again at 1/5 (its objects are in the store but not in the served
    /// manifest: read back and measured); then `verify` passes, the manifest describes the stored
    /// bytes, and a sync from the target succeeds and its cache verifies.
    func run() throws {
        let first = try build("dist-9", gzipLevel: 9, brotliQuality: 9)
        let v1 = try publish("dist-9")
        let rebuilt = try build("dist-1", gzipLevel: 1, brotliQuality: 5)
        let p9 = try Self.paris(first)
        let p1 = try Self.paris(rebuilt)
        #expect(p9["key"] as? String == p1["key"] as? String)
        try #require(p9["encodedBytes"] as? Int != p1["encodedBytes"] as? Int, "level 1 and 9 give other bytes")
        #expect(try publish("dist-1")["upToDate"] as? Bool == true)

        let zones = try movedParis()
        let moved9 = try Self.paris(try build("dist-9p", zones: zones, gzipLevel: 9, brotliQuality: 9))
        _ = try publish("dist-9p")
        let back = try zonectl(["rollback", try #require(v1["version"] as? String), "--target", target])
        try #require(back.status == 0, "\(back.stderr)")
        let moved1 = try Self.paris(try build("dist-1p", zones: zones, gzipLevel: 1, brotliQuality: 5))
        #expect(moved1["encodedBytes"] as? Int != moved9["encodedBytes"] as? Int)
        let out = try publish("dist-1p")
        #expect(out["upToDate"] as? Bool == false)
        let movedBrotli = try #require(moved9["brotli"] as? [String: Any])
        #expect(
            Set(out["alreadyThere"] as? [String] ?? []) == [moved9["key"] as? String, movedBrotli["key"] as? String])

        let verify = try zonectl(["verify", "--target", target])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let sync = try zonectl(["sync", "--from", target, "--out", "cache", "--format", "json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let served = try zonectl(["verify", "--target", "cache"])
        #expect(served.status == 0, "\(served.stdout)\(served.stderr)")
        let cached = try Self.paris(try json(Data(contentsOf: dir.appendingPathComponent("cache/manifest.json"))))
        // The cache holds Paris decoded: the content the moved objects hold.
        #expect(cached["contentEncoding"] as? String == "identity")
        #expect(cached["sha256"] as? String == moved9["sha256"] as? String)
        #expect(cached["encodedSha256"] as? String == moved9["sha256"] as? String)
    }
}
