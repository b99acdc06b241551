import Foundation
import ZoneFormats
import ZoneSupport

/// A compact little-endian byte format for cache entries: LEB128 integers, length-prefixed
/// UTF-8 strings. Readers return nil on anything malformed, and a cache treats that as a miss.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ v: Int) { bytes.appendVarint(UInt64(bitPattern: Int64(v))) }

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func raw(_ b: some Collection<UInt8>) { bytes += b }

    mutating func double(_ d: Double) { withUnsafeBytes(of: d.bitPattern.littleEndian) { bytes += $0 } }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            varint(utf8.count)
            bytes += utf8
        }
    }

    /// JSON values by tag: 0 null, 1 false, 2 true, 3 number, 4 string, 5 array, 6 object.
    mutating func json(_ v: JSONValue) {
        switch v {
        case .null: byte(0)
        case .bool(let b): byte(b ? 2 : 1)
        case .number(let d):
            byte(3)
            double(d)
        case .string(let s):
            byte(4)
            string(s)
        case .array(let items):
            byte(5)
            varint(items.count)
            for item in items { json(item) }
        case .object(let o):
            byte(6)
            object(o)
        }
    }

    mutating func object(_ o: JSONObject) {
        varint(o.members.count)
        for m in o.members {
            string(m.key)
            json(m.value)
        }
    }
}
