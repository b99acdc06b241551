import Foundation
import ZoneSupport

/// JSON text exactly as `JSONEncoder` writes it with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]`, without Codable's cost: a writer of large reports (`report.json`
/// of a large corpus holds thousands of gap findings, and JSONEncoder was a large share of a
/// no-change build). Members are written in the order given: callers give them sorted by their UTF-8
/// bytes, as JSONEncoder sorts them (PrettyJSONTests compare the two byte for byte).
struct PrettyJSON {
    private(set) var bytes: [UInt8] = []
    /// Containers open.
    private var depth = 0
    /// True until the innermost open container has its first member or element. (Its parents
    /// have theirs: a container opens as a member or element of its parent.)
    private var isEmpty = false
    /// Set when a number could not be written (NaN or infinite): JSON has no such number.
    private(set) var invalidNumber = false

    /// `{ ... }`: `body` writes the members with ``key(_:)`` and a value each.
    mutating func object(_ body: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// `[ ... ]`: one element per item, written by `element`.
    mutating func array<S: Sequence>(_ items: S, _ element: (inout PrettyJSON, S.Element) -> Void) {
        open(UInt8(ascii: "["))
        for item in items {
            next()
            element(&self, item)
        }
        close(UInt8(ascii: "]"))
    }

    /// ``array(_:_:)``'s bytes, the elements written on `jobs` threads in as many runs
    /// (``run(_:depth:reserving:_:)``) and joined.
    mutating func array<T: Sendable>(
        _ items: [T], jobs: Int, _ element: @Sendable @escaping (inout PrettyJSON, T) -> Void
    ) {
        let runs = max(1, min(jobs, items.count / 512))
        guard runs > 1 else { return array(items, element) }
        let depth = depth + 1
        let parts = parallelMap(count: runs, jobs: runs) { run in
            // Room to grow into without copying (a gap finding is about 500 bytes; pages never
            // written are never touched).
            Self.run(
                items[(items.count * run / runs)..<(items.count * (run + 1) / runs)], depth: depth,
                reserving: 1024 * (items.count / runs + 1), element)
        }
        if parts.contains(where: { $0 == nil }) { invalidNumber = true }
        array(runs: parts.map { $0 ?? [] })
    }

    /// The elements of an array at `depth` (inside the array: 2 for an array that is a member
    /// of the top-level object), as ``array(_:_:)`` writes them, with no bracket and no comma
    /// before the first: a run for ``array(runs:)``; nil when a number is not finite.
    static func run<S: Sequence>(
        _ items: S, depth: Int, reserving capacity: Int = 0, _ element: (inout PrettyJSON, S.Element) -> Void
    ) -> [UInt8]? {
        var part = PrettyJSON()
        (part.depth, part.isEmpty) = (depth, true)
        part.bytes.reserveCapacity(capacity)
        for item in items {
            part.next()
            element(&part, item)
        }
        return part.invalidNumber ? nil : part.bytes
    }

    /// `[ ... ]` of ``run(_:depth:reserving:_:)``s made at this array's depth, joined (an
    /// empty run holds no element), into room reserved for them and what follows (growing a
    /// report of megabytes would copy it once more).
    mutating func array(runs: [[UInt8]]) {
        open(UInt8(ascii: "["))
        let total = runs.reduce(bytes.count) { $0 + $1.count + 1 }
        bytes.reserveCapacity(total + total / 16 + 4096)
        for run in runs where !run.isEmpty {
            if !isEmpty { bytes.append(UInt8(ascii: ",")) }
            bytes += run
            isEmpty = false
        }
        close(UInt8(ascii: "]"))
    }

    /// The name of the next member of an object; its value follows.
    mutating func key(_ name: String) {
        next()
        string(name)
        ascii(" : ")
    }

    /// A member: its name, then its value.
    mutating func member(_ name: String, _ value: Int) {
        key(name)
        int(value)
    }

    mutating func member(_ name: String, _ value: Double) {
        key(name)
        double(value)
    }

    mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    mutating func member(_ name: String, _ values: [String]) {
        key(name)
        array(values) { $0.string($1) }
    }

    /// An object of `values`, sorted by key.
    mutating func dictionary<V>(_ values: [String: V], _ value: (inout PrettyJSON, V) -> Void) {
        object { w in
            for (k, v) in values.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                w.key(k)
                value(&w, v)
            }
        }
    }

    mutating func int(_ v: Int) { ascii(String(v)) }

    mutating func bool(_ v: Bool) { ascii(v ? "true" : "false") }

    /// The shortest text that reads back as `v`; integral values without ".0".
    mutating func double(_ v: Double) {
        guard v.isFinite else {
            invalidNumber = true
            ascii("null")
            return
        }
        var text = v.description
        text.withUTF8 { utf8 in
            let integral = utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8.last == 0x30
            bytes += UnsafeBufferPointer(rebasing: utf8[..<(integral ? utf8.count - 2 : utf8.count)])
        }
    }

    /// Text that needs no escaping (numbers, literals), its bytes copied at once.
    private mutating func ascii(_ text: String) {
        var text = text
        text.withUTF8 { bytes += $0 }
    }

    /// The report ends with a new line; its bytes are handed over (not copied).
    mutating func finish() -> [UInt8] {
        bytes.append(0x0A)
        defer { bytes = [] }
        return bytes
    }

    mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            // Most strings need no escape: their bytes are copied at once.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                bytes += utf8
                return
            }
            for b in utf8 { escape(b) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// One byte of a string, escaped as JSONEncoder escapes it.
    private mutating func escape(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "\""): bytes += [0x5C, b]
        case UInt8(ascii: "\\"): bytes += [0x5C, b]
        case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
        case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
        case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
        case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
        case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]]
        default: bytes.append(b)
        }
    }

    /// Any Encodable value, through JSONEncoder (for the small parts of a report), indented
    /// to where it stands.
    mutating func encodable(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let indent = [UInt8](repeating: 0x20, count: 2 * depth)
        let text = [UInt8](try encoder.encode(value))
        for (i, b) in text.enumerated() {
            bytes.append(b)
            // Not on the blank line inside an empty container.
            if b == 0x0A && text[i + 1] != 0x0A { bytes += indent }
        }
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        isEmpty = true
    }

    private mutating func close(_ bracket: UInt8) {
        let wasEmpty = isEmpty
        depth -= 1
        isEmpty = false
        bytes.append(0x0A)
        if wasEmpty { bytes.append(0x0A) }
        indent()
        bytes.append(bracket)
    }

    /// The separator before a member or element: a comma after the first, a new line, indent.
    private mutating func next() {
        if depth > 0 && !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        bytes.append(0x0A)
        indent()
    }

    private mutating func indent() {
        // Spaces from a literal's static bytes: no array, no reference counting.
        var n = 2 * depth
        while n > 0 {
            let k = min(n, 32)
            "                                ".utf8.withContiguousStorageIfAvailable { spaces in
                bytes += UnsafeBufferPointer(rebasing: spaces[..<k])
            }
            n -= k
        }
    }
}
