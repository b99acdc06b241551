import S3Upload
import Testing

@Test func libcurlIsRecentAndSpeaksHTTPS() throws {
    let parts = CurlRuntime.version.split(separator: ".").compactMap { Int($0) }
    #expect(parts.count >= 2)
    #expect((parts[0], parts[1]) >= (7, 88), "libcurl \(CurlRuntime.version)")
    #expect(CurlRuntime.protocols.contains("https"))
    #expect(CurlRuntime.protocols.contains("http"))
}
