import ZoneSupport

/// The few protocol-buffer encodings a vector tile needs (varint, zigzag, fixed64, length-
/// delimited fields), written straight into a byte array: the MVT schema is four small messages,
/// so a generated runtime would add more than it saves.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    enum WireType: UInt64 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
    }

    mutating func varint(_ value: UInt64) { bytes.appendVarint(value) }

    mutating func key(_ field: UInt64, _ type: WireType) { varint(field << 3 | type.rawValue) }

    mutating func varintField(_ field: UInt64, _ value: UInt64) {
        key(field, .varint)
        varint(value)
    }

    mutating func fixed64Field(_ field: UInt64, _ value: UInt64) {
        key(field, .fixed64)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func bytesField(_ field: UInt64, _ value: some Collection<UInt8>) {
        key(field, .lengthDelimited)
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func stringField(_ field: UInt64, _ value: String) { bytesField(field, Array(value.utf8)) }

    /// A packed repeated uint32 field.
    mutating func packedField(_ field: UInt64, _ values: [UInt32]) {
        var inner = ProtobufWriter()
        for v in values { inner.varint(UInt64(v)) }
        bytesField(field, inner.bytes)
    }
}

/// Protocol buffers' zigzag encoding: small magnitudes of either sign stay small.
@inline(__always) func zigzag(_ n: Int64) -> UInt64 { UInt64(bitPattern: (n << 1) ^ (n >> 63)) }
