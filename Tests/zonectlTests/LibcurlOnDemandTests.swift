import Foundation
import Testing

/// libcurl and the libraries it needs (TLS, Kerberos, LDAP, …) are loaded on the first HTTP
/// request, not at start: they took about half of the start of every command. (Publishing to
/// S3 and `zonectl sync` load it: their tests against moto_server run through it.)
@Suite struct LibcurlOnDemandTests {
    @Test func aBuildNeverLoadsLibcurl() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("zones"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.root.appendingPathComponent("zones/bari.geojson"),
            to: dir.appendingPathComponent("zones/bari.geojson"))
        try "output: dist\n".write(to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        // The dynamic loader lists every library it loads, at start and by dlopen.
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let r = try zonectl("build", "--no-cache", in: dir, environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("libgeos_c.so"), "LD_DEBUG lists the libraries loaded")
        #expect(!r.stderr.contains("libcurl"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist/manifest.json").path))
    }
}
