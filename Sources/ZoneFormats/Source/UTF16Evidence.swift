/// Why `buf` looks like UTF-16 rather than UTF-8, and the offset of the byte that shows it, or
/// nil: a UTF-16 byte order mark (FF FE or FE FF) at the start, or a NUL in every other byte of
/// the first few (ASCII text saved as UTF-16). JSON text holds no NUL byte, so neither is valid
/// input that would be misread. Looks at no more than 16 bytes.
package func utf16Evidence(_ buf: UnsafeBufferPointer<UInt8>) -> (offset: Int, reason: String)? {
    if buf.count >= 2, (buf[0] == 0xFF && buf[1] == 0xFE) || (buf[0] == 0xFE && buf[1] == 0xFF) {
        let bom = buf[0] == 0xFF ? "FF FE" : "FE FF"
        return (0, "it starts with the UTF-16 byte order mark \(bom)")
    }
    let n = min(buf.count, 16) & ~1
    guard n >= 4 else { return nil }
    for zero in 0...1 where stride(from: zero, to: n, by: 2).allSatisfy({ buf[$0] == 0 }) {
        return (zero, "every other byte of its first \(n) is NUL")
    }
    return nil
}

/// The finding for a file that looks like UTF-16 (``utf16Evidence(_:)``).
package func utf16Message(_ reason: String) -> String {
    "the file looks like UTF-16 (\(reason)), not UTF-8; save it as UTF-8"
}
