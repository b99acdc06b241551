import Foundation
import Testing

/// Every command that names a store accepts only what it supports (a path, a `file:` URL, an
/// `s3://` prefix; `sync --from` also `http(s)://`): any other scheme is a usage error (exit 64)
/// listing the supported ones, and never becomes a local folder of that name.
@Suite struct StoreLocationCommandTests {
    func entries(_ dir: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
    }

    @Test("an unsupported scheme is a usage error for every command that names a store")
    func unsupportedSchemes() throws {
        let dir = try sampleWorkspace(build: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try entries(dir)
        for url in [
            "https://cdn.example.com/zones", "http://cdn.example.com/zones", "gs://bucket/zones", "ftp://host/zones",
            "HTTPS://cdn.example.com/zones", "s3:bucket",
        ] {
            for arguments in [
                ["publish", "--target", url], ["verify", "--target", url], ["versions", "--target", url],
                ["rollback", "--target", url, "20260101T000000Z"], ["diff", "--no-cache", "--target", url],
                ["lookup", "--from", url, "0", "0"],
            ] {
                let r = try run(TestPaths.zonectl.path, arguments, in: dir)
                #expect(r.status == 64, "\(arguments): \(r.stderr)")
                #expect(r.stderr.contains(url), "\(arguments): \(r.stderr)")
                if !url.hasPrefix("s3:") {
                    #expect(r.stderr.contains("supported: a directory path, file:///path"), "\(r.stderr)")
                }
                #expect(r.stdout.isEmpty, "\(arguments): \(r.stdout)")
            }
        }
        for url in ["gs://bucket/zones", "ftp://host/zones", "file://otherhost/tmp/store"] {
            let r = try zonectl("sync", "--from", url, "--cache", "cache", in: dir)
            #expect(r.status == 64, "\(url): \(r.stderr)")
        }
        #expect(try entries(dir) == before, "a folder was made")
    }

    @Test("publish.target of another scheme is a config error at its position")
    func configuredTarget() throws {
        let dir = try sampleWorkspace(build: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "output: dist\npublish:\n  target: https://cdn.example.com/zones\n".write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        let before = try entries(dir)
        let r = try zonectl("publish", in: dir)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("pipeline.yml:3:11: error: "), "\(r.stderr)")
        #expect(r.stderr.contains("s3://bucket[/prefix]"), "\(r.stderr)")
        #expect(try entries(dir) == before)
    }

    @Test("file: URLs follow RFC 8089: file:///abs, file://localhost/abs, file:/abs, percent-decoded")
    func fileURLs() throws {
        let dir = try sampleWorkspace(build: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("my store").path
        let encoded = store.replacingOccurrences(of: " ", with: "%20")
        let published = try zonectl("publish", "--target", "file://" + encoded, in: dir)
        #expect(published.status == 0, "\(published.stderr)")
        #expect(FileManager.default.fileExists(atPath: store + "/manifest.json"))
        for url in ["file://" + encoded, "file://localhost" + encoded, "file:" + encoded, "FILE://LOCALHOST" + encoded]
        {
            let verified = try zonectl("verify", "--target", url, in: dir)
            #expect(verified.status == 0, "\(url): \(verified.stderr)")
            let diff = try zonectl("diff", "--no-cache", "--against", url, in: dir)
            #expect(diff.status == 0, "\(url): \(diff.stderr)")
            let sync = try zonectl("sync", "--from", url, "--cache", "cache", in: dir)
            #expect(sync.status == 0, "\(url): \(sync.stderr)")
            let lookup = try zonectl("lookup", "--from", url, "16.87", "41.12", in: dir)
            #expect(lookup.status == 0, "\(url): \(lookup.stderr)")
        }
        let otherHost = try zonectl("verify", "--target", "file://otherhost" + encoded, in: dir)
        #expect(otherHost.status == 64, "\(otherHost.stderr)")
        #expect(otherHost.stderr.contains("another host"), "\(otherHost.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("file:").path))
    }
}
