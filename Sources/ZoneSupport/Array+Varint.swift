extension Array where Element == UInt8 {
    /// Appends `value` as an unsigned LEB128 varint, the integers of protocol buffers, PMTiles
    /// directories and the build cache: seven bits a byte, lowest first, the high bit set on
    /// every byte but the last.
    @inlinable package mutating func appendVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        append(UInt8(v))
    }
}
