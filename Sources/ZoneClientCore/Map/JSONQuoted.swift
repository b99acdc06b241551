/// `s` as a JSON string literal (RFC 8259 §7), for names in messages: quotes, backslashes and
/// control characters escaped, everything else as is. With `escapingDELAndC1`, DEL and the C1
/// controls are escaped too (JSON allows any character escaped), for lines a terminal reads.
package func jsonQuoted(_ s: String, escapingDELAndC1: Bool = false) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || (escapingDELAndC1 && (0x7F...0x9F).contains(scalar.value)):
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
