import S3Upload
import Testing

@Suite("S3 key and query encoding")
struct S3URIEncodingTests {
    @Test(
        "object keys: encoded once, '/' kept",
        arguments: [
            ("zones/berlin/a b.geojson", "zones/berlin/a%20b.geojson"),
            ("zones/münchen.json", "zones/m%C3%BCnchen.json"),
            ("東京/区.json", "%E6%9D%B1%E4%BA%AC/%E5%8C%BA.json"),
            ("a+b", "a%2Bb"),
            ("~user/-_.~", "~user/-_.~"),
            ("a%20b", "a%2520b"),  // a literal '%' in a key is data, not an escape
            ("//a/./../b/", "//a/./../b/"),  // no normalisation
            ("why?x=1&y#z", "why%3Fx%3D1%26y%23z"),
            ("emoji 🗺", "emoji%20%F0%9F%97%BA"),
            ("AZaz09", "AZaz09"),
            ("e\u{301}", "e%CC%81"),  // decomposed é stays decomposed: bytes, not characters
        ])
    func path(raw: String, encoded: String) {
        #expect(S3URIEncoding.encodePath(raw) == encoded)
    }

    @Test(
        "query components: '/' is encoded too",
        arguments: [
            ("v1/", "v1%2F"),
            ("a b+c", "a%20b%2Bc"),
            ("-._~", "-._~"),
            ("=&", "%3D%26"),
            ("ü", "%C3%BC"),
        ])
    func queryComponent(raw: String, encoded: String) {
        #expect(S3URIEncoding.encodeQueryComponent(raw) == encoded)
    }

    @Test("every ASCII byte outside the unreserved set is encoded, upper-case hex")
    func everyASCIIByte() {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")
        for byte in UInt8(0)...UInt8(127) {
            let text = String(decoding: [byte], as: UTF8.self)
            let expected =
                unreserved.contains(Character(text)) || byte == UInt8(ascii: "/")
                ? text : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            #expect(S3URIEncoding.encodePath(text) == expected, "byte \(byte)")
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
