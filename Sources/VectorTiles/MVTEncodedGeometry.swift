/// A feature's geometry as its tile stores it: the type code and the command integers as packed
/// varints (2 or 3 bytes a vertex, against 8 for a ``TilePoint``). A tiler that makes a zoom's
/// geometry before its tiles are put together keeps it in this form.
public struct MVTEncodedGeometry: Sendable, Equatable {
    public let typeCode: UInt64
    public let packed: [UInt8]

    public init(_ geometry: MVTGeometry) {
        if case .encoded(let encoded) = geometry {
            self = encoded
            return
        }
        typeCode = geometry.typeCode
        var writer = ProtobufWriter()
        for command in geometry.commands() { writer.varint(UInt64(command)) }
        packed = writer.bytes
    }

    /// The rings of a polygon geometry, without their closing points (the inverse of
    /// ``MVTGeometry/polygons(_:)``'s encoding); nil when the bytes are not such commands.
    public var polygonRings: [[TilePoint]]? {
        guard typeCode == 3 else { return nil }
        var values: [UInt32] = []
        var shift: UInt64 = 0
        var value: UInt64 = 0
        for byte in packed {
            value |= UInt64(byte & 0x7f) << shift
            shift += 7
            if byte < 0x80 {
                guard value <= UInt64(UInt32.max) else { return nil }
                values.append(UInt32(value))
                (value, shift) = (0, 0)
            } else if shift > 35 {
                return nil
            }
        }
        guard shift == 0 else { return nil }
        var rings: [[TilePoint]] = []
        var cursor = (x: Int64(0), y: Int64(0))
        var i = 0
        func point() -> TilePoint? {
            guard i + 1 < values.count else { return nil }
            func unzigzag(_ v: UInt32) -> Int64 { Int64(v >> 1) ^ -Int64(v & 1) }
            cursor = (cursor.x + unzigzag(values[i]), cursor.y + unzigzag(values[i + 1]))
            i += 2
            return TilePoint(Int32(truncatingIfNeeded: cursor.x), Int32(truncatingIfNeeded: cursor.y))
        }
        while i < values.count {
            // MoveTo 1, LineTo n, ClosePath.
            guard values[i] == 1 | 1 << 3 else { return nil }
            i += 1
            guard let start = point(), i < values.count, values[i] & 7 == 2 else { return nil }
            let count = Int(values[i] >> 3)
            i += 1
            var ring = [start]
            for _ in 0..<count {
                guard let p = point() else { return nil }
                ring.append(p)
            }
            guard i < values.count, values[i] == 7 | 1 << 3 else { return nil }
            i += 1
            rings.append(ring)
        }
        return rings
    }
}
