/// Appends `s` as a JSON string literal (RFC 8259 §7): quotes, backslashes and control
/// characters escaped, everything else as UTF-8.
package func appendJSONString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var s = s
    // Most strings need no escape: their UTF-8 is copied at once.
    let copied = s.withUTF8 { bytes in
        guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return false
        }
        out.append(contentsOf: bytes)
        return true
    }
    if !copied { appendEscaped(s.utf8, to: &out) }
    out.append(UInt8(ascii: "\""))
}

/// The bytes of a string with quotes, backslashes and control characters escaped.
private func appendEscaped(_ utf8: String.UTF8View, to out: inout [UInt8]) {
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    for b in utf8 {
        switch b {
        case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
        case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
        case 0x0A: out.append(contentsOf: [92, UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [92, UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [92, UInt8(ascii: "t")])
        case 0..<0x20:
            out.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]])
        default: out.append(b)
        }
    }
}

/// `s` as a JSON string literal.
package func jsonQuoted(_ s: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count + 2)
    appendJSONString(s, to: &out)
    return String(decoding: out, as: UTF8.self)
}
