/// Appends `s` as a JSON string literal (RFC 8259 §7): quotes, backslashes and control
/// characters escaped, everything else as UTF-8.
func appendJSONString(_ s: String, to out: inout [UInt8]) {
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    out.append(UInt8(ascii: "\""))
    for b in s.utf8 {
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
    out.append(UInt8(ascii: "\""))
}

/// `s` as a JSON string literal.
func jsonQuoted(_ s: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count + 2)
    appendJSONString(s, to: &out)
    return String(decoding: out, as: UTF8.self)
}
