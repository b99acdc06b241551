/// The credentials a URL can carry, hidden: the userinfo of every `scheme://user:password@host`
/// becomes `***` (`https://***@host/…`), and the value of every signed-query credential
/// (`X-Amz-Signature`, `X-Amz-Credential`, `X-Amz-Security-Token`, `Signature`,
/// `AWSAccessKeyId`) becomes `***`. `text` may be a URL or a message holding URLs; what is not
/// a credential is kept as it is. Every place a URL, endpoint or target reaches output uses it.
public func redactingURLCredentials(_ text: String) -> String {
    var bytes = Array(text.utf8)
    guard mayHoldCredentials(bytes) else { return text }
    bytes = redactingUserinfo(bytes)
    bytes = redactingSignedQuery(bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Names of the query parameters that carry a signature or a key (compared ignoring case).
private let credentialParameters: [[UInt8]] = [
    "x-amz-signature", "x-amz-credential", "x-amz-security-token", "signature", "awsaccesskeyid",
].map { Array($0.utf8) }

private let redacted = Array("***".utf8)

/// A quick test that lets most text through untouched: userinfo needs `@`, a parameter `=`.
private func mayHoldCredentials(_ bytes: [UInt8]) -> Bool {
    bytes.contains(UInt8(ascii: "@")) || bytes.contains(UInt8(ascii: "="))
}

/// True for a byte that ends a URL's authority or a query value in running text.
private func endsComponent(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\t"),
        UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
        UInt8(ascii: ">"), UInt8(ascii: "`"), UInt8(ascii: ","), UInt8(ascii: ")"):
        return true
    default:
        return false
    }
}

/// True for a byte that ends a query parameter's value in running text (a value may hold `/`).
private func endsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\t"),
        UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
        UInt8(ascii: ">"), UInt8(ascii: "`"), UInt8(ascii: ","), UInt8(ascii: ")"):
        return true
    default:
        return false
    }
}

/// `scheme://user:password@host` → `scheme://***@host`, for every `://` in the text.
private func redactingUserinfo(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(UInt8(ascii: "@")) else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        out.append(bytes[i])
        guard bytes[i] == UInt8(ascii: ":"), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "/"),
            bytes[i + 2] == UInt8(ascii: "/")
        else {
            i += 1
            continue
        }
        out.append(contentsOf: [UInt8(ascii: "/"), UInt8(ascii: "/")])
        let start = i + 3
        var end = start
        var lastAt: Int?
        while end < bytes.count, !endsComponent(bytes[end]) {
            if bytes[end] == UInt8(ascii: "@") { lastAt = end }
            end += 1
        }
        if let lastAt {
            out.append(contentsOf: redacted)
            out.append(contentsOf: bytes[lastAt..<end])
        } else {
            out.append(contentsOf: bytes[start..<end])
        }
        i = end
    }
    return out
}

/// `?X-Amz-Signature=abc&…` → `?X-Amz-Signature=***&…`: a credential parameter's value after
/// `?`, `&` or `;`.
private func redactingSignedQuery(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(UInt8(ascii: "=")) else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        let byte = bytes[i]
        out.append(byte)
        i += 1
        guard byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: ";"),
            let name = credentialParameters.first(where: { startsParameter($0, in: bytes, at: i) })
        else { continue }
        out.append(contentsOf: bytes[i..<(i + name.count + 1)])  // the name as written, and `=`
        i += name.count + 1
        // A `:` ends the value only where a message goes on after the URL (`…=sig: reason`), so
        // no part of a value that holds one is shown.
        while i < bytes.count, !endsValue(bytes[i]),
            !(bytes[i] == UInt8(ascii: ":") && (i + 1 == bytes.count || bytes[i + 1] == UInt8(ascii: " ")))
        {
            i += 1
        }
        out.append(contentsOf: redacted)
    }
    return out
}

/// True when `name` (lower case) followed by `=` starts at `index`, ignoring case.
private func startsParameter(_ name: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
    guard index + name.count < bytes.count, bytes[index + name.count] == UInt8(ascii: "=") else { return false }
    for k in 0..<name.count {
        var b = bytes[index + k]
        if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { b += 32 }
        if b != name[k] { return false }
    }
    return true
}
