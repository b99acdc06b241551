extension SourceText {
    /// The byte offset of position `index` (0-based, within its ring) of the ring whose opening
    /// bracket is at `ringOffset`. Only rings that were read cleanly are asked about, so their
    /// positions are arrays of numbers; the scan stops early rather than trap on anything else.
    public func offsetOfPosition(_ index: Int, inRingAt ringOffset: Int) -> Int {
        var p = ringOffset + 1
        var remaining = index
        let n = bytes.count
        func skipSpace() {
            while p < n, bytes[p] == 0x20 || bytes[p] == 0x0A || bytes[p] == 0x0D || bytes[p] == 0x09 { p += 1 }
        }
        skipSpace()
        while remaining > 0 {
            // Skip "[...]" then "," to the next position.
            while p < n, bytes[p] != UInt8(ascii: "]") { p += 1 }
            p += 1
            skipSpace()
            guard p < n, bytes[p] == UInt8(ascii: ",") else { return min(p, n) }
            p += 1
            skipSpace()
            remaining -= 1
        }
        return min(p, n)
    }
}
