/// The offset of the first byte that is not well-formed UTF-8 (Unicode §3.9, table 3-7:
/// no overlong forms, no surrogates, nothing above U+10FFFF), or nil when all is valid.
/// `passed` hears, every few megabytes, the offset checked so far.
package func firstInvalidUTF8(_ buf: UnsafeBufferPointer<UInt8>, passed: (Int) -> Void = { _ in }) -> Int? {
    guard let base = buf.baseAddress else { return nil }
    let n = buf.count
    var i = 0
    var report = 4 << 20
    while i < n {
        if i >= report {
            passed(i)
            report = i + 4 << 20
        }
        // ASCII fast path, 8 bytes at a time.
        if i + 8 <= n {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
        }
        let b0 = buf[i]
        if b0 < 0x80 {
            i += 1
            continue
        }
        func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < n && buf[i + k] >= lo && buf[i + k] <= hi
        }
        switch b0 {
        case 0xC2...0xDF where cont(1): i += 2
        case 0xE0 where cont(1, 0xA0) && cont(2): i += 3
        // One pattern per case: a `where` clause binds only to the last pattern of its case.
        case 0xE1...0xEC where cont(1) && cont(2): i += 3
        case 0xEE...0xEF where cont(1) && cont(2): i += 3
        case 0xED where cont(1, 0x80, 0x9F) && cont(2): i += 3
        case 0xF0 where cont(1, 0x90) && cont(2) && cont(3): i += 4
        case 0xF1...0xF3 where cont(1) && cont(2) && cont(3): i += 4
        case 0xF4 where cont(1, 0x80, 0x8F) && cont(2) && cont(3): i += 4
        default: return i
        }
    }
    return nil
}
