/// `s` safe to show on a terminal: each control character (C0, DEL, C1) written as `\u{1B}`,
/// so a name from the data cannot move the cursor, recolour the terminal or start a line of
/// its own. Everything else is kept as is.
public func terminalSafe(_ s: String) -> String {
    // C1 characters are 0xC2 0x80...0x9F in UTF-8: a 0xC2 byte sends the text the slow way.
    guard s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return s }
    var out = String.UnicodeScalarView()
    for scalar in s.unicodeScalars {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        } else {
            out.append(scalar)
        }
    }
    return String(out)
}

/// `text` made ``terminalSafe(_:)`` line by line: its line breaks are kept.
public func terminalSafeLines(_ text: String) -> String {
    guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F || $0 == 0xC2 }) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { terminalSafe(String($0)) }
        .joined(separator: "\n")
}
