import Foundation
import ZoneFormats

/// Reads what ``ByteWriter`` wrote, in place: over the bytes' memory for the length of
/// ``read(_:_:)`` (no slice or copy per field: a rebuild decodes the cached scans of every
/// unchanged file, each feature and finding, and that decoding is a large part of its CPU).
struct ByteReader {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    private var at = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // An empty buffer may have no address; any valid one does (nothing is read from it).
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        end = bytes.count
    }

    /// `body` with a reader at the start of `bytes` (the reader, and what ``raw(_:)`` gives,
    /// must not outlive the call).
    static func read<T>(_ bytes: [UInt8], _ body: (inout ByteReader) -> T?) -> T? {
        bytes.withUnsafeBufferPointer { buffer in
            var r = ByteReader(buffer)
            return body(&r)
        }
    }

    var isAtEnd: Bool { at == end }

    @inline(__always)
    mutating func byte() -> UInt8? {
        guard at < end else { return nil }
        defer { at += 1 }
        return base[at]
    }

    @inline(__always)
    mutating func varint() -> Int? {
        // One byte: most counts, lines, flags and table numbers.
        if at < end, base[at] < 0x80 {
            defer { at += 1 }
            return Int(base[at])
        }
        var u: UInt64 = 0
        var shift: UInt64 = 0
        while at < end {
            let b = base[at]
            at += 1
            u |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return Int(Int64(bitPattern: u)) }
            shift += 7
            if shift > 63 { return nil }
        }
        return nil
    }

    /// A count or length: non-negative and no larger than what is left to read.
    mutating func count() -> Int? {
        guard let n = varint(), n >= 0, n <= end - at else { return nil }
        return n
    }

    /// The next `n` bytes, valid while the reader is.
    mutating func raw(_ n: Int) -> UnsafeBufferPointer<UInt8>? {
        guard n >= 0, n <= end - at else { return nil }
        defer { at += n }
        return UnsafeBufferPointer(start: base + at, count: n)
    }

    /// 8 bytes, little-endian.
    mutating func double() -> Double? {
        guard end - at >= 8 else { return nil }
        defer { at += 8 }
        return Double(bitPattern: UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)))
    }

    /// 16 bytes, the first 8 the high word (``Digest128``), big-endian as SHA-256 gives them.
    mutating func digest128() -> Digest128? {
        guard end - at >= 16 else { return nil }
        defer { at += 16 }
        let raw = UnsafeRawPointer(base + at)
        return Digest128(
            high: UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)),
            low: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    mutating func string() -> String? {
        guard let n = count(), let r = raw(n) else { return nil }
        return String(validating: r, as: UTF8.self)
    }

    /// A string, as `known` when its bytes are those of `knownUTF8` (no new string, no UTF-8
    /// validation: a cached scan names its own file in each of its findings).
    mutating func string(orKnown known: String, utf8 knownUTF8: [UInt8]) -> String? {
        guard let n = count(), let r = raw(n) else { return nil }
        let same =
            n == knownUTF8.count
            && knownUTF8.withUnsafeBufferPointer { b in n == 0 || memcmp(r.baseAddress!, b.baseAddress!, n) == 0 }
        return same ? known : String(validating: r, as: UTF8.self)
    }

    mutating func json(depth: Int = 0) -> JSONValue? {
        guard depth < 64, let tag = byte() else { return nil }
        switch tag {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return double().map { .number($0) }
        case 4: return string().map { .string($0) }
        case 5:
            guard let n = count() else { return nil }
            var items: [JSONValue] = []
            items.reserveCapacity(n)
            for _ in 0..<n {
                guard let item = json(depth: depth + 1) else { return nil }
                items.append(item)
            }
            return .array(items)
        case 6: return object(depth: depth + 1).map { .object($0) }
        default: return nil
        }
    }

    mutating func object(depth: Int = 0) -> JSONObject? {
        guard let n = count() else { return nil }
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(n)
        for _ in 0..<n {
            guard let key = string(), let value = json(depth: depth) else { return nil }
            members.append((key, value))
        }
        return JSONObject(members)
    }
}
