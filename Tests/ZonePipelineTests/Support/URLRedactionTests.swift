import Testing
import URLRedaction

/// URL credentials never reach output: userinfo and signed-query values become `***`.
@Suite struct URLRedactionTests {
    @Test(arguments: [
        ("https://user:secret@cdn.example.com/zones", "https://***@cdn.example.com/zones"),
        ("http://user:secret@127.0.0.1:9000", "http://***@127.0.0.1:9000"),
        ("s3://key:secret@bucket/prefix", "s3://***@bucket/prefix"),
        ("https://token@host", "https://***@host"),
        (
            "https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4&X-Amz-Credential=AKIA/20260101/us-east-1/s3/aws4_request&X-Amz-Signature=abc123&X-Amz-Security-Token=tok",
            "https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4&X-Amz-Credential=***&X-Amz-Signature=***&X-Amz-Security-Token=***"
        ),
        (
            "https://h/k?AWSAccessKeyId=AKIA&Expires=1&Signature=abc%2F",
            "https://h/k?AWSAccessKeyId=***&Expires=1&Signature=***"
        ),
        ("https://h/k?x-amz-signature=abc#frag", "https://h/k?x-amz-signature=***#frag"),
        ("https://h/k?X-Amz-Signature=abc: no manifest", "https://h/k?X-Amz-Signature=***: no manifest"),
        ("https://h/k?Signature=ab:cd&x=1", "https://h/k?Signature=***&x=1"),
        (
            "--from https://u:p@h/s: unreachable (manifest.json), then http://v:q@i/",
            "--from https://***@h/s: unreachable (manifest.json), then http://***@i/"
        ),
    ])
    func credentialsAreHidden(_ text: String, _ expected: String) {
        #expect(redactingURLCredentials(text) == expected)
    }

    @Test(arguments: [
        "dist/zones/bari.geojson:3:5: error: ring is not closed", "https://cdn.example.com/zones?v=2",
        "me@example.com wrote /home/me/a=b", "s3://bucket/prefix",
    ])
    func otherTextIsKept(_ text: String) {
        #expect(redactingURLCredentials(text) == text)
    }
}
